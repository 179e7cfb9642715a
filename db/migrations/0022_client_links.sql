CREATE TABLE `client_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`semente` text,
	`criado_em` text NOT NULL,
	`revogado_em` text,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `client_links_token_hash_unique` ON `client_links` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `client_links_live_idx` ON `client_links` (`client_id`) WHERE revogado_em IS NULL;--> statement-breakpoint
CREATE TABLE `recibos` (
	`numero` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`receivable_id` integer NOT NULL,
	`client_id` integer NOT NULL,
	`pagador_nome` text NOT NULL,
	`pagador_cnpj` text NOT NULL,
	`descricao` text NOT NULL,
	`numeros_parcela` text NOT NULL,
	`competencia` text,
	`data_vencimento` text NOT NULL,
	`valor` integer NOT NULL,
	`data_pagamento` text NOT NULL,
	`valor_pago` integer NOT NULL,
	`multa` integer,
	`juros` integer,
	`ressalvas` text DEFAULT '[]' NOT NULL,
	`emitido_em` text NOT NULL,
	`cancelado_em` text
);
--> statement-breakpoint
CREATE INDEX `recibos_receivable_idx` ON `recibos` (`receivable_id`,`numero`);--> statement-breakpoint
CREATE INDEX `recibos_client_idx` ON `recibos` (`client_id`,`data_pagamento`);--> statement-breakpoint
CREATE UNIQUE INDEX `recibos_live_idx` ON `recibos` (`receivable_id`) WHERE cancelado_em IS NULL;--> statement-breakpoint
-- A receipt for every payment, whoever writes it: issued when an installment becomes paid, with a
-- snapshot of the payment, the payer and the earlier installments still open (Código Civil art. 322).
CREATE TRIGGER `recibos_issue` AFTER UPDATE OF `status` ON `receivables`
WHEN NEW.`status` = 'pago' AND OLD.`status` IS NOT 'pago'
BEGIN
  INSERT INTO `recibos` (`receivable_id`, `client_id`, `pagador_nome`, `pagador_cnpj`, `descricao`, `numeros_parcela`, `competencia`,
    `data_vencimento`, `valor`, `data_pagamento`, `valor_pago`, `multa`, `juros`, `ressalvas`, `emitido_em`)
  SELECT NEW.`id`, NEW.`client_id`, c.`nome`, c.`cnpj`, NEW.`descricao`, NEW.`numeros_parcela`, NEW.`competencia`,
    NEW.`data_vencimento`, NEW.`valor`, coalesce(NEW.`data_pagamento`, ''), coalesce(NEW.`valor_pago`, NEW.`valor`), NEW.`multa`, NEW.`juros`,
    (SELECT json_group_array(json_object('id', o.`id`, 'numerosParcela', o.`numeros_parcela`, 'descricao', o.`descricao`,
        'dataVencimento', o.`data_vencimento`, 'valor', o.`valor`))
      FROM (SELECT * FROM `receivables` r WHERE r.`client_id` = NEW.`client_id` AND r.`status` = 'em_aberto'
        AND r.`data_vencimento` < NEW.`data_vencimento` ORDER BY r.`data_vencimento`, r.`id`) o),
    strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM `clients` c WHERE c.`id` = NEW.`client_id`;
END;
--> statement-breakpoint
-- An installment written already paid (an import of past payments) has its receipt too.
CREATE TRIGGER `recibos_issue_insert` AFTER INSERT ON `receivables`
WHEN NEW.`status` = 'pago'
BEGIN
  INSERT INTO `recibos` (`receivable_id`, `client_id`, `pagador_nome`, `pagador_cnpj`, `descricao`, `numeros_parcela`, `competencia`,
    `data_vencimento`, `valor`, `data_pagamento`, `valor_pago`, `multa`, `juros`, `ressalvas`, `emitido_em`)
  SELECT NEW.`id`, NEW.`client_id`, c.`nome`, c.`cnpj`, NEW.`descricao`, NEW.`numeros_parcela`, NEW.`competencia`,
    NEW.`data_vencimento`, NEW.`valor`, coalesce(NEW.`data_pagamento`, ''), coalesce(NEW.`valor_pago`, NEW.`valor`), NEW.`multa`, NEW.`juros`,
    (SELECT json_group_array(json_object('id', o.`id`, 'numerosParcela', o.`numeros_parcela`, 'descricao', o.`descricao`,
        'dataVencimento', o.`data_vencimento`, 'valor', o.`valor`))
      FROM (SELECT * FROM `receivables` r WHERE r.`client_id` = NEW.`client_id` AND r.`status` = 'em_aberto'
        AND r.`data_vencimento` < NEW.`data_vencimento` ORDER BY r.`data_vencimento`, r.`id`) o),
    strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM `clients` c WHERE c.`id` = NEW.`client_id`;
END;
--> statement-breakpoint
-- The payment undone: its receipt says so, and keeps its number.
CREATE TRIGGER `recibos_cancel_undo` AFTER UPDATE OF `status` ON `receivables`
WHEN OLD.`status` = 'pago' AND NEW.`status` IS NOT 'pago'
BEGIN
  UPDATE `recibos` SET `cancelado_em` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `receivable_id` = OLD.`id` AND `cancelado_em` IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `recibos_cancel_delete` AFTER DELETE ON `receivables`
WHEN OLD.`status` = 'pago'
BEGIN
  UPDATE `recibos` SET `cancelado_em` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `receivable_id` = OLD.`id` AND `cancelado_em` IS NULL;
END;
--> statement-breakpoint
-- Payments made before this version get their receipts now, in the order they were paid.
INSERT INTO `recibos` (`receivable_id`, `client_id`, `pagador_nome`, `pagador_cnpj`, `descricao`, `numeros_parcela`, `competencia`,
  `data_vencimento`, `valor`, `data_pagamento`, `valor_pago`, `multa`, `juros`, `ressalvas`, `emitido_em`)
SELECT p.`id`, p.`client_id`, c.`nome`, c.`cnpj`, p.`descricao`, p.`numeros_parcela`, p.`competencia`,
  p.`data_vencimento`, p.`valor`, coalesce(p.`data_pagamento`, ''), coalesce(p.`valor_pago`, p.`valor`), p.`multa`, p.`juros`,
  (SELECT json_group_array(json_object('id', o.`id`, 'numerosParcela', o.`numeros_parcela`, 'descricao', o.`descricao`,
      'dataVencimento', o.`data_vencimento`, 'valor', o.`valor`))
    FROM (SELECT * FROM `receivables` r WHERE r.`client_id` = p.`client_id` AND r.`status` = 'em_aberto'
      AND r.`data_vencimento` < p.`data_vencimento` ORDER BY r.`data_vencimento`, r.`id`) o),
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM `receivables` p JOIN `clients` c ON c.`id` = p.`client_id`
WHERE p.`status` = 'pago' ORDER BY p.`data_pagamento`, p.`id`;
