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
-- A forgiven installment that gets paid is no longer as it was: undoing the payment later
-- (a returned transfer) makes it an ordinary overdue installment again.
CREATE TRIGGER `desbloqueio_perdoadas_paid` AFTER UPDATE OF `status` ON `receivables`
WHEN NEW.`status` = 'pago'
BEGIN
  DELETE FROM `desbloqueio_perdoadas` WHERE `receivable_id` = NEW.`id`;
END;
--> statement-breakpoint
ALTER TABLE `clients` DROP COLUMN `desbloqueio_manual_em`;