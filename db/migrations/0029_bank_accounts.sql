CREATE TABLE `bank_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`banco` text NOT NULL,
	`agencia` text DEFAULT '' NOT NULL,
	`conta` text NOT NULL,
	`apelido` text DEFAULT '' NOT NULL,
	`saldo_inicial` integer DEFAULT 0 NOT NULL,
	`saldo_inicial_data` text NOT NULL,
	`padrao` integer DEFAULT false NOT NULL,
	`ativa` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_accounts_identity_idx` ON `bank_accounts` (`banco`,`agencia`,`conta`);--> statement-breakpoint
CREATE UNIQUE INDEX `bank_accounts_default_idx` ON `bank_accounts` (`padrao`) WHERE "bank_accounts"."padrao" = 1;--> statement-breakpoint
ALTER TABLE `payments` ADD `conta_id` integer REFERENCES bank_accounts(id);--> statement-breakpoint
CREATE INDEX `payments_account_idx` ON `payments` (`conta_id`,`data_pagamento`,`receivable_id`,`valor_pago`) WHERE "payments"."conta_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `statements` ADD `conta_id` integer REFERENCES bank_accounts(id);