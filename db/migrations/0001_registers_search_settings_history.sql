CREATE TABLE `history_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`user_id` integer,
	`user_email` text NOT NULL,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` integer,
	`label` text NOT NULL,
	`details` text DEFAULT '{}' NOT NULL,
	`client_id` integer,
	`supplier_id` integer
);
--> statement-breakpoint
CREATE INDEX `history_entity_idx` ON `history_events` (`entity`,`entity_id`,`id`);--> statement-breakpoint
CREATE INDEX `history_client_idx` ON `history_events` (`client_id`,`id`);--> statement-breakpoint
CREATE INDEX `history_supplier_idx` ON `history_events` (`supplier_id`,`id`);--> statement-breakpoint
CREATE INDEX `history_at_idx` ON `history_events` (`at`);--> statement-breakpoint
CREATE INDEX `history_user_idx` ON `history_events` (`user_email`,`id`);--> statement-breakpoint
CREATE TABLE `settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`empresa` text DEFAULT '' NOT NULL,
	`cidade` text DEFAULT '' NOT NULL,
	`chave_pix` text,
	`modelo_mensagem` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "settings_single_row_chk" CHECK("settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE `clients` ADD `nome_ordem` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `clients` ADD `busca` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `clients_nome_ordem_idx` ON `clients` (`nome_ordem`,`id`);--> statement-breakpoint
ALTER TABLE `partners` ADD `nome_ordem` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `partners` ADD `busca` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `partners_nome_ordem_idx` ON `partners` (`nome_ordem`,`id`);--> statement-breakpoint
ALTER TABLE `suppliers` ADD `nome_ordem` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `busca` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `suppliers_nome_ordem_idx` ON `suppliers` (`nome_ordem`,`id`);