CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nome` text NOT NULL,
	`tipo` text NOT NULL,
	`grupo_id` integer,
	`papel` text,
	`ativa` integer DEFAULT true NOT NULL,
	`nome_ordem` text DEFAULT '' NOT NULL,
	`busca` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`grupo_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "categories_tipo_chk" CHECK("categories"."tipo" IN ('receita', 'despesa'))
);
--> statement-breakpoint
CREATE INDEX `categories_nome_ordem_idx` ON `categories` (`nome_ordem`,`id`);--> statement-breakpoint
CREATE INDEX `categories_grupo_idx` ON `categories` (`grupo_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `categories_papel_idx` ON `categories` (`papel`) WHERE "categories"."papel" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `cost_centres` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nome` text NOT NULL,
	`ativo` integer DEFAULT true NOT NULL,
	`nome_ordem` text DEFAULT '' NOT NULL,
	`busca` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cost_centres_nome_ordem_idx` ON `cost_centres` (`nome_ordem`,`id`);--> statement-breakpoint
DROP INDEX `payables_list_due_idx`;--> statement-breakpoint
DROP INDEX `payables_list_status_idx`;--> statement-breakpoint
DROP INDEX `payables_list_valor_idx`;--> statement-breakpoint
DROP INDEX `payables_list_descricao_idx`;--> statement-breakpoint
DROP INDEX `payables_list_parcela_idx`;--> statement-breakpoint
ALTER TABLE `payables` ADD `categoria_id` integer REFERENCES categories(id);--> statement-breakpoint
ALTER TABLE `payables` ADD `centro_custo_id` integer REFERENCES cost_centres(id);--> statement-breakpoint
CREATE INDEX `payables_categoria_idx` ON `payables` (`categoria_id`,`data_vencimento`,`id`,`status`,`supplier_id`);--> statement-breakpoint
CREATE INDEX `payables_centro_idx` ON `payables` (`centro_custo_id`,`data_vencimento`,`id`,`status`,`supplier_id`);--> statement-breakpoint
CREATE INDEX `payables_dre_paid_idx` ON `payables` (`data_pagamento`,`categoria_id`,`valor_pago`) WHERE "payables"."status" = 'pago';--> statement-breakpoint
CREATE INDEX `payables_dre_due_idx` ON `payables` (`data_vencimento`,`categoria_id`,`valor`);--> statement-breakpoint
CREATE INDEX `payables_list_due_idx` ON `payables` (`data_vencimento`,`id`,`status`,`supplier_id`,`categoria_id`,`centro_custo_id`);--> statement-breakpoint
CREATE INDEX `payables_list_status_idx` ON `payables` (`status`,`data_vencimento`,`id`,`supplier_id`,`categoria_id`,`centro_custo_id`);--> statement-breakpoint
CREATE INDEX `payables_list_valor_idx` ON `payables` (`valor`,`data_vencimento`,`id`,`status`,`supplier_id`,`categoria_id`,`centro_custo_id`);--> statement-breakpoint
CREATE INDEX `payables_list_descricao_idx` ON `payables` ("descricao" COLLATE NOCASE,`data_vencimento`,`id`,`status`,`supplier_id`,`categoria_id`,`centro_custo_id`);--> statement-breakpoint
CREATE INDEX `payables_list_parcela_idx` ON `payables` (CAST("numeros_parcela" AS INTEGER),`data_vencimento`,`id`,`status`,`supplier_id`,`categoria_id`,`centro_custo_id`);--> statement-breakpoint
DROP INDEX `receivables_list_due_idx`;--> statement-breakpoint
DROP INDEX `receivables_list_status_idx`;--> statement-breakpoint
DROP INDEX `receivables_list_valor_idx`;--> statement-breakpoint
DROP INDEX `receivables_list_descricao_idx`;--> statement-breakpoint
DROP INDEX `receivables_list_parcela_idx`;--> statement-breakpoint
ALTER TABLE `receivables` ADD `categoria_id` integer REFERENCES categories(id);--> statement-breakpoint
ALTER TABLE `receivables` ADD `centro_custo_id` integer REFERENCES cost_centres(id);--> statement-breakpoint
CREATE INDEX `receivables_categoria_idx` ON `receivables` (`categoria_id`,`data_vencimento`,`id`,`status`,`client_id`);--> statement-breakpoint
CREATE INDEX `receivables_centro_idx` ON `receivables` (`centro_custo_id`,`data_vencimento`,`id`,`status`,`client_id`);--> statement-breakpoint
CREATE INDEX `receivables_dre_paid_idx` ON `receivables` (`data_pagamento`,`categoria_id`,`valor_pago`,`multa`,`juros`) WHERE "receivables"."status" = 'pago';--> statement-breakpoint
CREATE INDEX `receivables_dre_due_idx` ON `receivables` (`data_vencimento`,`categoria_id`,`valor`) WHERE "receivables"."subscription_id" IS NULL;--> statement-breakpoint
CREATE INDEX `receivables_dre_competencia_idx` ON `receivables` (`competencia`,`categoria_id`,`valor`) WHERE "receivables"."subscription_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `receivables_list_due_idx` ON `receivables` (`data_vencimento`,`id`,`status`,`client_id`,`categoria_id`,`centro_custo_id`);--> statement-breakpoint
CREATE INDEX `receivables_list_status_idx` ON `receivables` (`status`,`data_vencimento`,`id`,`client_id`,`categoria_id`,`centro_custo_id`);--> statement-breakpoint
CREATE INDEX `receivables_list_valor_idx` ON `receivables` (`valor`,`data_vencimento`,`id`,`status`,`client_id`,`categoria_id`,`centro_custo_id`);--> statement-breakpoint
CREATE INDEX `receivables_list_descricao_idx` ON `receivables` ("descricao" COLLATE NOCASE,`data_vencimento`,`id`,`status`,`client_id`,`categoria_id`,`centro_custo_id`);--> statement-breakpoint
CREATE INDEX `receivables_list_parcela_idx` ON `receivables` (CAST("numeros_parcela" AS INTEGER),`data_vencimento`,`id`,`status`,`client_id`,`categoria_id`,`centro_custo_id`);--> statement-breakpoint
ALTER TABLE `suppliers` ADD `categoria_id` integer REFERENCES categories(id);
--> statement-breakpoint
-- The default plano de contas of a small services company (issue 36); editable afterwards.
-- nome_ordem and busca are filled at open by db/backfill.ts (they are '' here).
INSERT INTO `categories` (`id`, `nome`, `tipo`, `grupo_id`, `papel`) VALUES
  (1, 'Receitas de serviços', 'receita', NULL, NULL),
  (2, 'Mensalidades', 'receita', 1, 'mensalidades'),
  (3, 'Serviços avulsos', 'receita', 1, 'avulsos'),
  (4, 'Receitas financeiras', 'receita', NULL, NULL),
  (5, 'Juros e multas recebidos', 'receita', 4, 'juros'),
  (6, 'Pessoal', 'despesa', NULL, NULL),
  (7, 'Salários e encargos', 'despesa', 6, NULL),
  (8, 'Pró-labore', 'despesa', 6, NULL),
  (9, 'Despesas administrativas', 'despesa', NULL, NULL),
  (10, 'Aluguel', 'despesa', 9, NULL),
  (11, 'Software', 'despesa', 9, NULL),
  (12, 'Tarifas bancárias', 'despesa', 9, NULL),
  (13, 'Impostos', 'despesa', NULL, NULL),
  (14, 'Impostos (DAS/Simples Nacional)', 'despesa', 13, NULL),
  (15, 'Custos dos serviços', 'despesa', NULL, NULL),
  (16, 'Fornecedores', 'despesa', 15, 'fornecedores'),
  (17, 'Comercial', 'despesa', NULL, NULL),
  (18, 'Marketing', 'despesa', 17, NULL);
--> statement-breakpoint
-- Existing rows get the defaults: a subscription's month Mensalidades, any other receivable
-- Serviços avulsos, a payable Fornecedores.
UPDATE `receivables` SET `categoria_id` = CASE WHEN `subscription_id` IS NOT NULL THEN 2 ELSE 3 END WHERE `categoria_id` IS NULL;
--> statement-breakpoint
UPDATE `payables` SET `categoria_id` = 16 WHERE `categoria_id` IS NULL;
--> statement-breakpoint
-- Every row has a category, whatever wrote it (the forms, a subscription's month, a statement
-- line, an import): a row inserted without one gets its side's default here, the one home of
-- that rule — the category with papel 'mensalidades' for a subscription's month, 'avulsos' for
-- another receivable; the supplier's own default, else 'fornecedores', for a payable.
CREATE TRIGGER `receivables_default_category` AFTER INSERT ON `receivables`
WHEN NEW.`categoria_id` IS NULL
BEGIN
  UPDATE `receivables` SET `categoria_id` = (SELECT `id` FROM `categories` WHERE `papel` = CASE WHEN NEW.`subscription_id` IS NOT NULL THEN 'mensalidades' ELSE 'avulsos' END)
  WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `payables_default_category` AFTER INSERT ON `payables`
WHEN NEW.`categoria_id` IS NULL
BEGIN
  UPDATE `payables` SET `categoria_id` = coalesce((SELECT `categoria_id` FROM `suppliers` WHERE `id` = NEW.`supplier_id`), (SELECT `id` FROM `categories` WHERE `papel` = 'fornecedores'))
  WHERE `id` = NEW.`id`;
END;
