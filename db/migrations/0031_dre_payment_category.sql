DROP INDEX `payables_dre_paid_idx`;--> statement-breakpoint
DROP INDEX `payables_categoria_idx`;--> statement-breakpoint
DROP INDEX `payables_centro_idx`;--> statement-breakpoint
CREATE INDEX `payables_categoria_idx` ON `payables` (`categoria_id`,`data_vencimento`,`id`,`status`,`supplier_id`,`centro_custo_id`);--> statement-breakpoint
CREATE INDEX `payables_centro_idx` ON `payables` (`centro_custo_id`,`data_vencimento`,`id`,`status`,`supplier_id`,`categoria_id`);--> statement-breakpoint
DROP INDEX `receivables_dre_paid_idx`;--> statement-breakpoint
DROP INDEX `receivables_categoria_idx`;--> statement-breakpoint
DROP INDEX `receivables_centro_idx`;--> statement-breakpoint
CREATE INDEX `receivables_categoria_idx` ON `receivables` (`categoria_id`,`data_vencimento`,`id`,`status`,`client_id`,`centro_custo_id`);--> statement-breakpoint
CREATE INDEX `receivables_centro_idx` ON `receivables` (`centro_custo_id`,`data_vencimento`,`id`,`status`,`client_id`,`categoria_id`);--> statement-breakpoint
ALTER TABLE `payments` ADD `categoria_id` integer;--> statement-breakpoint
CREATE INDEX `payments_dre_idx` ON `payments` (`data_pagamento`,`categoria_id`,`receivable_id`,`valor_pago`,`multa`,`juros`);--> statement-breakpoint
-- Hand-written (issue 36, the DRE by caixa): each payment carries its installment's category, so
-- that the DRE sums one index (payments_dre_idx) instead of joining every payment to its row.
-- Filled here for the payments already made; kept equal by the triggers below, whoever writes.
UPDATE `payments` SET `categoria_id` = CASE
  WHEN `receivable_id` IS NOT NULL THEN (SELECT `categoria_id` FROM `receivables` WHERE `id` = `payments`.`receivable_id`)
  ELSE (SELECT `categoria_id` FROM `payables` WHERE `id` = `payments`.`payable_id`) END;
--> statement-breakpoint
CREATE TRIGGER `payments_category` AFTER INSERT ON `payments`
BEGIN
  UPDATE `payments` SET `categoria_id` = CASE
    WHEN NEW.`receivable_id` IS NOT NULL THEN (SELECT `categoria_id` FROM `receivables` WHERE `id` = NEW.`receivable_id`)
    ELSE (SELECT `categoria_id` FROM `payables` WHERE `id` = NEW.`payable_id`) END
  WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
-- An installment's new category (Editar lançamento, the default set on insert, any other writer)
-- moves its payments with it, in the same statement's transaction.
CREATE TRIGGER `receivables_payments_category` AFTER UPDATE OF `categoria_id` ON `receivables`
WHEN NEW.`categoria_id` IS NOT OLD.`categoria_id`
BEGIN
  UPDATE `payments` SET `categoria_id` = NEW.`categoria_id` WHERE `receivable_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `payables_payments_category` AFTER UPDATE OF `categoria_id` ON `payables`
WHEN NEW.`categoria_id` IS NOT OLD.`categoria_id`
BEGIN
  UPDATE `payments` SET `categoria_id` = NEW.`categoria_id` WHERE `payable_id` = NEW.`id`;
END;
