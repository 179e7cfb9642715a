CREATE TABLE `desbloqueio_perdoadas` (
	`receivable_id` integer PRIMARY KEY NOT NULL,
	`client_id` integer NOT NULL,
	`data_vencimento` text NOT NULL,
	`perdoada_em` text NOT NULL,
	FOREIGN KEY (`receivable_id`) REFERENCES `receivables`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `desbloqueio_perdoadas_client_idx` ON `desbloqueio_perdoadas` (`client_id`);--> statement-breakpoint
-- The unblocks made before this version forgave by date: the installments still unpaid and due
-- before the unblock day are the ones they forgave.
INSERT INTO `desbloqueio_perdoadas` (`receivable_id`, `client_id`, `data_vencimento`, `perdoada_em`)
SELECT r.`id`, r.`client_id`, r.`data_vencimento`, c.`desbloqueio_manual_em` || 'T00:00:00.000Z'
FROM `receivables` r JOIN `clients` c ON c.`id` = r.`client_id`
WHERE c.`desbloqueio_manual_em` IS NOT NULL AND r.`status` = 'em_aberto' AND r.`data_vencimento` < c.`desbloqueio_manual_em`;
--> statement-breakpoint
-- A forgiven installment stays forgiven while it stays as it was. Paid or re-dated, it no
-- longer is, for good: undoing the payment (a returned transfer) or re-dating it back makes it
-- an ordinary installment that blocks when overdue.
CREATE TRIGGER `desbloqueio_perdoadas_changed` AFTER UPDATE OF `status`, `data_vencimento` ON `receivables`
WHEN NEW.`status` = 'pago' OR NEW.`data_vencimento` IS NOT OLD.`data_vencimento`
BEGIN
  DELETE FROM `desbloqueio_perdoadas` WHERE `receivable_id` = NEW.`id`;
END;
--> statement-breakpoint
ALTER TABLE `clients` DROP COLUMN `desbloqueio_manual_em`;