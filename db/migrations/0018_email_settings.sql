CREATE TABLE `email_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`host` text DEFAULT '' NOT NULL,
	`porta` integer,
	`seguranca` text DEFAULT 'starttls' NOT NULL,
	`usuario` text DEFAULT '' NOT NULL,
	`senha` text,
	`remetente_nome` text DEFAULT '' NOT NULL,
	`remetente_email` text DEFAULT '' NOT NULL,
	`responder_para` text DEFAULT '' NOT NULL,
	`aceitar_autoassinado` integer DEFAULT false NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "email_settings_single_row_chk" CHECK("email_settings"."id" = 1),
	CONSTRAINT "email_settings_seguranca_chk" CHECK("email_settings"."seguranca" in ('nenhuma', 'starttls', 'tls'))
);
--> statement-breakpoint
ALTER TABLE `settings` ADD `cnpj_empresa` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `endereco_empresa` text DEFAULT '' NOT NULL;