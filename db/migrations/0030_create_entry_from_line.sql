ALTER TABLE `bank_transactions` ADD `lancamento_criado` integer DEFAULT false NOT NULL;
--> statement-breakpoint
-- Hand-written: "Tarifa bancária" (issue 34 §2) files a bank fee under the default plano's
-- "Tarifas bancárias" (migration 0025, id 12 there); the papel lets the ledger find it whatever it
-- is renamed to and keeps it from being deleted or deactivated. A database whose category was
-- renamed or removed before this migration gets no papel: the one-click then says so (409).
UPDATE `categories` SET `papel` = 'tarifas'
  WHERE `id` = (SELECT min(`id`) FROM `categories` WHERE `nome` = 'Tarifas bancárias' AND `tipo` = 'despesa' AND `grupo_id` IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM `categories` WHERE `papel` = 'tarifas');
