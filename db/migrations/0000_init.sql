CREATE TABLE `clients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nome` text NOT NULL,
	`cnpj` text NOT NULL,
	`contato` text NOT NULL,
	`telefone` text NOT NULL,
	`email` text NOT NULL,
	`url` text,
	`valor_mensalidade` integer NOT NULL,
	`codigo_cliente` text NOT NULL,
	`is_trial` integer DEFAULT false NOT NULL,
	`status_bloqueio` integer DEFAULT 0 NOT NULL,
	`bloqueio_origem` text,
	`desbloqueio_manual_em` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "clients_status_chk" CHECK("clients"."status_bloqueio" in (0, 1)),
	CONSTRAINT "clients_valor_chk" CHECK("clients"."valor_mensalidade" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `clients_cnpj_unique` ON `clients` (`cnpj`);--> statement-breakpoint
CREATE UNIQUE INDEX `clients_codigo_cliente_unique` ON `clients` (`codigo_cliente`);--> statement-breakpoint
CREATE INDEX `clients_nome_idx` ON `clients` (`nome`);--> statement-breakpoint
CREATE INDEX `clients_status_idx` ON `clients` (`status_bloqueio`);--> statement-breakpoint
CREATE TABLE `partners` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nome` text NOT NULL,
	`empresa` text NOT NULL,
	`email` text NOT NULL,
	`telefone` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `partners_nome_idx` ON `partners` (`nome`);--> statement-breakpoint
CREATE TABLE `payables` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`supplier_id` integer NOT NULL,
	`numeros_parcela` text NOT NULL,
	`descricao` text NOT NULL,
	`data_vencimento` text NOT NULL,
	`valor` integer NOT NULL,
	`status` text DEFAULT 'em_aberto' NOT NULL,
	`data_pagamento` text,
	`valor_pago` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "payables_valor_chk" CHECK("payables"."valor" > 0)
);
--> statement-breakpoint
CREATE INDEX `payables_supplier_idx` ON `payables` (`supplier_id`,`data_vencimento`);--> statement-breakpoint
CREATE INDEX `payables_due_idx` ON `payables` (`data_vencimento`);--> statement-breakpoint
CREATE INDEX `payables_status_due_idx` ON `payables` (`status`,`data_vencimento`);--> statement-breakpoint
CREATE INDEX `payables_paid_idx` ON `payables` (`data_pagamento`);--> statement-breakpoint
CREATE TABLE `receivables` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`numeros_parcela` text NOT NULL,
	`descricao` text NOT NULL,
	`data_vencimento` text NOT NULL,
	`valor` integer NOT NULL,
	`status` text DEFAULT 'em_aberto' NOT NULL,
	`data_pagamento` text,
	`valor_pago` integer,
	`multa` integer,
	`juros` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "receivables_valor_chk" CHECK("receivables"."valor" > 0)
);
--> statement-breakpoint
CREATE INDEX `receivables_client_idx` ON `receivables` (`client_id`,`data_vencimento`);--> statement-breakpoint
CREATE INDEX `receivables_due_idx` ON `receivables` (`data_vencimento`);--> statement-breakpoint
CREATE INDEX `receivables_status_due_idx` ON `receivables` (`status`,`data_vencimento`);--> statement-breakpoint
CREATE INDEX `receivables_paid_idx` ON `receivables` (`data_pagamento`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `suppliers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nome` text NOT NULL,
	`cnpj` text,
	`email` text,
	`telefone` text,
	`cidade` text,
	`estado` text,
	`status_bloqueio` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "suppliers_status_chk" CHECK("suppliers"."status_bloqueio" in (0, 1))
);
--> statement-breakpoint
CREATE INDEX `suppliers_nome_idx` ON `suppliers` (`nome`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);