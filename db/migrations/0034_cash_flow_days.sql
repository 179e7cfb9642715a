CREATE TABLE `account_days` (
	`conta_id` integer NOT NULL,
	`dia` text NOT NULL,
	`creditos` integer DEFAULT 0 NOT NULL,
	`debitos` integer DEFAULT 0 NOT NULL,
	`qtd_creditos` integer DEFAULT 0 NOT NULL,
	`qtd_debitos` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`conta_id`, `dia`)
);
--> statement-breakpoint
CREATE TABLE `ledger_days` (
	`lado` text NOT NULL,
	`dia` text NOT NULL,
	`liquidado` integer DEFAULT 0 NOT NULL,
	`em_aberto` integer DEFAULT 0 NOT NULL,
	`parcelas` integer DEFAULT 0 NOT NULL,
	`abertas` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`lado`, `dia`)
);
--> statement-breakpoint
-- Hand-written from here (issue 38 §3): the triggers that keep ledger_days and account_days, and
-- their first fill. The expressions are the cash flow's (src/api/reports/cash-flow.ts says what they mean):
-- settled = a paid row's valor_pago (else valor), an open row's partial receipts; open = an open row's balance.
CREATE TRIGGER `receivables_days_insert` AFTER INSERT ON `receivables`
BEGIN
  INSERT INTO `ledger_days` (`lado`, `dia`, `liquidado`, `em_aberto`, `parcelas`, `abertas`)
    VALUES ('r', NEW.data_vencimento, (CASE WHEN NEW.status = 'pago' THEN coalesce(NEW.valor_pago, NEW.valor) ELSE coalesce(NEW.valor_pago, 0) END), (CASE WHEN NEW.status = 'pago' THEN 0 ELSE NEW.valor - NEW.principal_pago - NEW.desconto END), 1, (CASE WHEN NEW.status = 'pago' THEN 0 ELSE 1 END))
    ON CONFLICT (`lado`, `dia`) DO UPDATE SET `liquidado` = `liquidado` + excluded.`liquidado`, `em_aberto` = `em_aberto` + excluded.`em_aberto`, `parcelas` = `parcelas` + excluded.`parcelas`, `abertas` = `abertas` + excluded.`abertas`;
END;
--> statement-breakpoint
CREATE TRIGGER `receivables_days_delete` AFTER DELETE ON `receivables`
BEGIN
  INSERT INTO `ledger_days` (`lado`, `dia`, `liquidado`, `em_aberto`, `parcelas`, `abertas`)
    VALUES ('r', OLD.data_vencimento, -(CASE WHEN OLD.status = 'pago' THEN coalesce(OLD.valor_pago, OLD.valor) ELSE coalesce(OLD.valor_pago, 0) END), -(CASE WHEN OLD.status = 'pago' THEN 0 ELSE OLD.valor - OLD.principal_pago - OLD.desconto END), -1, -(CASE WHEN OLD.status = 'pago' THEN 0 ELSE 1 END))
    ON CONFLICT (`lado`, `dia`) DO UPDATE SET `liquidado` = `liquidado` + excluded.`liquidado`, `em_aberto` = `em_aberto` + excluded.`em_aberto`, `parcelas` = `parcelas` + excluded.`parcelas`, `abertas` = `abertas` + excluded.`abertas`;
END;
--> statement-breakpoint
CREATE TRIGGER `receivables_days_update` AFTER UPDATE OF `status`, `valor`, `valor_pago`, `principal_pago`, `desconto`, `data_vencimento` ON `receivables`
BEGIN
  INSERT INTO `ledger_days` (`lado`, `dia`, `liquidado`, `em_aberto`, `parcelas`, `abertas`)
    VALUES ('r', OLD.data_vencimento, -(CASE WHEN OLD.status = 'pago' THEN coalesce(OLD.valor_pago, OLD.valor) ELSE coalesce(OLD.valor_pago, 0) END), -(CASE WHEN OLD.status = 'pago' THEN 0 ELSE OLD.valor - OLD.principal_pago - OLD.desconto END), -1, -(CASE WHEN OLD.status = 'pago' THEN 0 ELSE 1 END))
    ON CONFLICT (`lado`, `dia`) DO UPDATE SET `liquidado` = `liquidado` + excluded.`liquidado`, `em_aberto` = `em_aberto` + excluded.`em_aberto`, `parcelas` = `parcelas` + excluded.`parcelas`, `abertas` = `abertas` + excluded.`abertas`;
  INSERT INTO `ledger_days` (`lado`, `dia`, `liquidado`, `em_aberto`, `parcelas`, `abertas`)
    VALUES ('r', NEW.data_vencimento, (CASE WHEN NEW.status = 'pago' THEN coalesce(NEW.valor_pago, NEW.valor) ELSE coalesce(NEW.valor_pago, 0) END), (CASE WHEN NEW.status = 'pago' THEN 0 ELSE NEW.valor - NEW.principal_pago - NEW.desconto END), 1, (CASE WHEN NEW.status = 'pago' THEN 0 ELSE 1 END))
    ON CONFLICT (`lado`, `dia`) DO UPDATE SET `liquidado` = `liquidado` + excluded.`liquidado`, `em_aberto` = `em_aberto` + excluded.`em_aberto`, `parcelas` = `parcelas` + excluded.`parcelas`, `abertas` = `abertas` + excluded.`abertas`;
END;
--> statement-breakpoint
INSERT INTO `ledger_days` (`lado`, `dia`, `liquidado`, `em_aberto`, `parcelas`, `abertas`)
  SELECT 'r', data_vencimento, sum(CASE WHEN t.status = 'pago' THEN coalesce(t.valor_pago, t.valor) ELSE coalesce(t.valor_pago, 0) END), sum(CASE WHEN t.status = 'pago' THEN 0 ELSE t.valor - t.principal_pago - t.desconto END), count(*), sum(CASE WHEN t.status = 'pago' THEN 0 ELSE 1 END) FROM `receivables` t GROUP BY data_vencimento;
--> statement-breakpoint
CREATE TRIGGER `payables_days_insert` AFTER INSERT ON `payables`
BEGIN
  INSERT INTO `ledger_days` (`lado`, `dia`, `liquidado`, `em_aberto`, `parcelas`, `abertas`)
    VALUES ('p', NEW.data_vencimento, (CASE WHEN NEW.status = 'pago' THEN coalesce(NEW.valor_pago, NEW.valor) ELSE coalesce(NEW.valor_pago, 0) END), (CASE WHEN NEW.status = 'pago' THEN 0 ELSE NEW.valor - NEW.principal_pago - NEW.desconto END), 1, (CASE WHEN NEW.status = 'pago' THEN 0 ELSE 1 END))
    ON CONFLICT (`lado`, `dia`) DO UPDATE SET `liquidado` = `liquidado` + excluded.`liquidado`, `em_aberto` = `em_aberto` + excluded.`em_aberto`, `parcelas` = `parcelas` + excluded.`parcelas`, `abertas` = `abertas` + excluded.`abertas`;
END;
--> statement-breakpoint
CREATE TRIGGER `payables_days_delete` AFTER DELETE ON `payables`
BEGIN
  INSERT INTO `ledger_days` (`lado`, `dia`, `liquidado`, `em_aberto`, `parcelas`, `abertas`)
    VALUES ('p', OLD.data_vencimento, -(CASE WHEN OLD.status = 'pago' THEN coalesce(OLD.valor_pago, OLD.valor) ELSE coalesce(OLD.valor_pago, 0) END), -(CASE WHEN OLD.status = 'pago' THEN 0 ELSE OLD.valor - OLD.principal_pago - OLD.desconto END), -1, -(CASE WHEN OLD.status = 'pago' THEN 0 ELSE 1 END))
    ON CONFLICT (`lado`, `dia`) DO UPDATE SET `liquidado` = `liquidado` + excluded.`liquidado`, `em_aberto` = `em_aberto` + excluded.`em_aberto`, `parcelas` = `parcelas` + excluded.`parcelas`, `abertas` = `abertas` + excluded.`abertas`;
END;
--> statement-breakpoint
CREATE TRIGGER `payables_days_update` AFTER UPDATE OF `status`, `valor`, `valor_pago`, `principal_pago`, `desconto`, `data_vencimento` ON `payables`
BEGIN
  INSERT INTO `ledger_days` (`lado`, `dia`, `liquidado`, `em_aberto`, `parcelas`, `abertas`)
    VALUES ('p', OLD.data_vencimento, -(CASE WHEN OLD.status = 'pago' THEN coalesce(OLD.valor_pago, OLD.valor) ELSE coalesce(OLD.valor_pago, 0) END), -(CASE WHEN OLD.status = 'pago' THEN 0 ELSE OLD.valor - OLD.principal_pago - OLD.desconto END), -1, -(CASE WHEN OLD.status = 'pago' THEN 0 ELSE 1 END))
    ON CONFLICT (`lado`, `dia`) DO UPDATE SET `liquidado` = `liquidado` + excluded.`liquidado`, `em_aberto` = `em_aberto` + excluded.`em_aberto`, `parcelas` = `parcelas` + excluded.`parcelas`, `abertas` = `abertas` + excluded.`abertas`;
  INSERT INTO `ledger_days` (`lado`, `dia`, `liquidado`, `em_aberto`, `parcelas`, `abertas`)
    VALUES ('p', NEW.data_vencimento, (CASE WHEN NEW.status = 'pago' THEN coalesce(NEW.valor_pago, NEW.valor) ELSE coalesce(NEW.valor_pago, 0) END), (CASE WHEN NEW.status = 'pago' THEN 0 ELSE NEW.valor - NEW.principal_pago - NEW.desconto END), 1, (CASE WHEN NEW.status = 'pago' THEN 0 ELSE 1 END))
    ON CONFLICT (`lado`, `dia`) DO UPDATE SET `liquidado` = `liquidado` + excluded.`liquidado`, `em_aberto` = `em_aberto` + excluded.`em_aberto`, `parcelas` = `parcelas` + excluded.`parcelas`, `abertas` = `abertas` + excluded.`abertas`;
END;
--> statement-breakpoint
INSERT INTO `ledger_days` (`lado`, `dia`, `liquidado`, `em_aberto`, `parcelas`, `abertas`)
  SELECT 'p', data_vencimento, sum(CASE WHEN t.status = 'pago' THEN coalesce(t.valor_pago, t.valor) ELSE coalesce(t.valor_pago, 0) END), sum(CASE WHEN t.status = 'pago' THEN 0 ELSE t.valor - t.principal_pago - t.desconto END), count(*), sum(CASE WHEN t.status = 'pago' THEN 0 ELSE 1 END) FROM `payables` t GROUP BY data_vencimento;
--> statement-breakpoint
CREATE TRIGGER `payments_days_insert` AFTER INSERT ON `payments` WHEN NEW.conta_id IS NOT NULL
BEGIN
  INSERT INTO `account_days` (`conta_id`, `dia`, `creditos`, `debitos`, `qtd_creditos`, `qtd_debitos`)
    SELECT NEW.conta_id, NEW.data_pagamento, (CASE WHEN NEW.receivable_id IS NOT NULL THEN NEW.valor_pago ELSE 0 END), (CASE WHEN NEW.payable_id IS NOT NULL THEN NEW.valor_pago ELSE 0 END),
           (NEW.receivable_id IS NOT NULL), (NEW.payable_id IS NOT NULL)
    WHERE NEW.conta_id IS NOT NULL
    ON CONFLICT (`conta_id`, `dia`) DO UPDATE SET `creditos` = `creditos` + excluded.`creditos`, `debitos` = `debitos` + excluded.`debitos`, `qtd_creditos` = `qtd_creditos` + excluded.`qtd_creditos`, `qtd_debitos` = `qtd_debitos` + excluded.`qtd_debitos`;
END;
--> statement-breakpoint
CREATE TRIGGER `payments_days_delete` AFTER DELETE ON `payments` WHEN OLD.conta_id IS NOT NULL
BEGIN
  INSERT INTO `account_days` (`conta_id`, `dia`, `creditos`, `debitos`, `qtd_creditos`, `qtd_debitos`)
    SELECT OLD.conta_id, OLD.data_pagamento, -(CASE WHEN OLD.receivable_id IS NOT NULL THEN OLD.valor_pago ELSE 0 END), -(CASE WHEN OLD.payable_id IS NOT NULL THEN OLD.valor_pago ELSE 0 END),
           -(OLD.receivable_id IS NOT NULL), -(OLD.payable_id IS NOT NULL)
    WHERE OLD.conta_id IS NOT NULL
    ON CONFLICT (`conta_id`, `dia`) DO UPDATE SET `creditos` = `creditos` + excluded.`creditos`, `debitos` = `debitos` + excluded.`debitos`, `qtd_creditos` = `qtd_creditos` + excluded.`qtd_creditos`, `qtd_debitos` = `qtd_debitos` + excluded.`qtd_debitos`;
END;
--> statement-breakpoint
CREATE TRIGGER `payments_days_update` AFTER UPDATE OF `conta_id`, `data_pagamento`, `valor_pago`, `receivable_id`, `payable_id` ON `payments`
BEGIN
  INSERT INTO `account_days` (`conta_id`, `dia`, `creditos`, `debitos`, `qtd_creditos`, `qtd_debitos`)
    SELECT OLD.conta_id, OLD.data_pagamento, -(CASE WHEN OLD.receivable_id IS NOT NULL THEN OLD.valor_pago ELSE 0 END), -(CASE WHEN OLD.payable_id IS NOT NULL THEN OLD.valor_pago ELSE 0 END),
           -(OLD.receivable_id IS NOT NULL), -(OLD.payable_id IS NOT NULL)
    WHERE OLD.conta_id IS NOT NULL
    ON CONFLICT (`conta_id`, `dia`) DO UPDATE SET `creditos` = `creditos` + excluded.`creditos`, `debitos` = `debitos` + excluded.`debitos`, `qtd_creditos` = `qtd_creditos` + excluded.`qtd_creditos`, `qtd_debitos` = `qtd_debitos` + excluded.`qtd_debitos`;
  INSERT INTO `account_days` (`conta_id`, `dia`, `creditos`, `debitos`, `qtd_creditos`, `qtd_debitos`)
    SELECT NEW.conta_id, NEW.data_pagamento, (CASE WHEN NEW.receivable_id IS NOT NULL THEN NEW.valor_pago ELSE 0 END), (CASE WHEN NEW.payable_id IS NOT NULL THEN NEW.valor_pago ELSE 0 END),
           (NEW.receivable_id IS NOT NULL), (NEW.payable_id IS NOT NULL)
    WHERE NEW.conta_id IS NOT NULL
    ON CONFLICT (`conta_id`, `dia`) DO UPDATE SET `creditos` = `creditos` + excluded.`creditos`, `debitos` = `debitos` + excluded.`debitos`, `qtd_creditos` = `qtd_creditos` + excluded.`qtd_creditos`, `qtd_debitos` = `qtd_debitos` + excluded.`qtd_debitos`;
END;
--> statement-breakpoint
INSERT INTO `account_days` (`conta_id`, `dia`, `creditos`, `debitos`, `qtd_creditos`, `qtd_debitos`)
  SELECT conta_id, data_pagamento, sum(CASE WHEN receivable_id IS NOT NULL THEN valor_pago ELSE 0 END), sum(CASE WHEN payable_id IS NOT NULL THEN valor_pago ELSE 0 END),
         sum(receivable_id IS NOT NULL), sum(payable_id IS NOT NULL)
  FROM `payments` WHERE conta_id IS NOT NULL GROUP BY conta_id, data_pagamento;
