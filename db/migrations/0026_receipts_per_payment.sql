DROP INDEX `recibos_live_idx`;--> statement-breakpoint
ALTER TABLE `recibos` ADD `payment_id` integer;--> statement-breakpoint
ALTER TABLE `recibos` ADD `desconto` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `recibos` ADD `saldo` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `recibos_live_idx` ON `recibos` (`payment_id`) WHERE cancelado_em IS NULL;--> statement-breakpoint
-- Receipts follow payments (issue 34 gave an installment several): each payment of a receivable
-- has its own receipt with its own figures, and undoing it cancels that receipt only.
DROP TRIGGER IF EXISTS `recibos_issue`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `recibos_issue_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `recibos_cancel_undo`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `recibos_cancel_delete`;
--> statement-breakpoint
-- Issued by the payment's row, whoever writes it, before the installment's own fields are
-- refreshed: the balance is read from the payments up to this one. The ressalvas (Código Civil
-- art. 322) are the client's installments due before this one that still have a balance.
CREATE TRIGGER `recibos_issue` AFTER INSERT ON `payments`
WHEN NEW.`receivable_id` IS NOT NULL
BEGIN
  INSERT INTO `recibos` (`receivable_id`, `payment_id`, `client_id`, `pagador_nome`, `pagador_cnpj`, `descricao`, `numeros_parcela`, `competencia`,
    `data_vencimento`, `valor`, `data_pagamento`, `valor_pago`, `multa`, `juros`, `desconto`, `saldo`, `ressalvas`, `emitido_em`)
  SELECT r.`id`, NEW.`id`, r.`client_id`, c.`nome`, c.`cnpj`, r.`descricao`, r.`numeros_parcela`, r.`competencia`,
    r.`data_vencimento`, r.`valor`, NEW.`data_pagamento`, NEW.`valor_pago`, NEW.`multa`, NEW.`juros`, NEW.`desconto`,
    max(0, r.`valor` - (SELECT coalesce(sum(p.`principal` + p.`desconto`), 0) FROM `payments` p WHERE p.`receivable_id` = r.`id` AND p.`id` <= NEW.`id`)),
    (SELECT json_group_array(json_object('id', o.`id`, 'numerosParcela', o.`numeros_parcela`, 'descricao', o.`descricao`,
        'dataVencimento', o.`data_vencimento`, 'valor', o.`valor`, 'saldo', o.`valor` - o.`principal_pago` - o.`desconto`))
      FROM (SELECT * FROM `receivables` e WHERE e.`client_id` = r.`client_id` AND e.`id` <> r.`id` AND e.`status` <> 'pago'
        AND e.`valor` > e.`principal_pago` + e.`desconto` AND e.`data_vencimento` < r.`data_vencimento` ORDER BY e.`data_vencimento`, e.`id`) o),
    strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM `receivables` r JOIN `clients` c ON c.`id` = r.`client_id` WHERE r.`id` = NEW.`receivable_id`;
END;
--> statement-breakpoint
-- The payment undone, or gone with its installment (a foreign-key cascade fires this too): its
-- receipt says so and keeps its number; the installment's other receipts stay.
CREATE TRIGGER `recibos_cancel` AFTER DELETE ON `payments`
WHEN OLD.`receivable_id` IS NOT NULL
BEGIN
  UPDATE `recibos` SET `cancelado_em` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `payment_id` = OLD.`id` AND `cancelado_em` IS NULL;
END;
--> statement-breakpoint
-- Back-fill. 0024 made each paid installment's one payment: its live receipt is that payment's.
UPDATE `recibos` SET `payment_id` = (SELECT p.`id` FROM `payments` p WHERE p.`receivable_id` = `recibos`.`receivable_id`)
WHERE `cancelado_em` IS NULL AND (SELECT count(*) FROM `payments` p WHERE p.`receivable_id` = `recibos`.`receivable_id`) = 1;
--> statement-breakpoint
-- A live receipt that no one payment matches (an installment paid in parts between 0024 and this
-- version: its receipt showed the sum) is cancelled, number kept; each payment gets its own below.
UPDATE `recibos` SET `cancelado_em` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `cancelado_em` IS NULL AND `payment_id` IS NULL;
--> statement-breakpoint
-- Every receivable payment still without a live receipt (partial payments made since 0024) gets
-- one now, in the order they were made; the ressalvas are as of now.
INSERT INTO `recibos` (`receivable_id`, `payment_id`, `client_id`, `pagador_nome`, `pagador_cnpj`, `descricao`, `numeros_parcela`, `competencia`,
  `data_vencimento`, `valor`, `data_pagamento`, `valor_pago`, `multa`, `juros`, `desconto`, `saldo`, `ressalvas`, `emitido_em`)
SELECT r.`id`, n.`id`, r.`client_id`, c.`nome`, c.`cnpj`, r.`descricao`, r.`numeros_parcela`, r.`competencia`,
  r.`data_vencimento`, r.`valor`, n.`data_pagamento`, n.`valor_pago`, n.`multa`, n.`juros`, n.`desconto`,
  max(0, r.`valor` - (SELECT coalesce(sum(p.`principal` + p.`desconto`), 0) FROM `payments` p WHERE p.`receivable_id` = r.`id` AND p.`id` <= n.`id`)),
  (SELECT json_group_array(json_object('id', o.`id`, 'numerosParcela', o.`numeros_parcela`, 'descricao', o.`descricao`,
      'dataVencimento', o.`data_vencimento`, 'valor', o.`valor`, 'saldo', o.`valor` - o.`principal_pago` - o.`desconto`))
    FROM (SELECT * FROM `receivables` e WHERE e.`client_id` = r.`client_id` AND e.`id` <> r.`id` AND e.`status` <> 'pago'
      AND e.`valor` > e.`principal_pago` + e.`desconto` AND e.`data_vencimento` < r.`data_vencimento` ORDER BY e.`data_vencimento`, e.`id`) o),
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM `payments` n JOIN `receivables` r ON r.`id` = n.`receivable_id` JOIN `clients` c ON c.`id` = r.`client_id`
WHERE NOT EXISTS (SELECT 1 FROM `recibos` x WHERE x.`payment_id` = n.`id` AND x.`cancelado_em` IS NULL)
ORDER BY n.`id`;
