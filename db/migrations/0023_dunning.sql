CREATE TABLE `regua` (
	`id` integer PRIMARY KEY NOT NULL,
	`ativa` integer DEFAULT false NOT NULL,
	`etapas` text NOT NULL,
	`repetir_cada_dias` integer DEFAULT 7 NOT NULL,
	`max_apos_vencimento` integer DEFAULT 6 NOT NULL,
	`aviso_bloqueio` text NOT NULL,
	`janela_inicio` text DEFAULT '08:00' NOT NULL,
	`janela_fim` text DEFAULT '20:00' NOT NULL,
	`apenas_dias_uteis` integer DEFAULT true NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "regua_single_row_chk" CHECK("regua"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `mensagem_parcelas` (
	`mensagem_id` integer NOT NULL,
	`receivable_id` integer NOT NULL,
	`etapa` text,
	`data` text NOT NULL,
	FOREIGN KEY (`mensagem_id`) REFERENCES `mensagens`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receivable_id`) REFERENCES `receivables`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mensagem_parcelas_mensagem_idx` ON `mensagem_parcelas` (`mensagem_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `mensagem_parcelas_etapa_idx` ON `mensagem_parcelas` (`receivable_id`,`etapa`) WHERE "mensagem_parcelas"."etapa" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `mensagem_parcelas_receivable_idx` ON `mensagem_parcelas` (`receivable_id`,`data`);--> statement-breakpoint
CREATE TABLE `mensagens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`data` text NOT NULL,
	`client_id` integer NOT NULL,
	`canal` text NOT NULL,
	`origem` text NOT NULL,
	`etapa` text,
	`status` text NOT NULL,
	`motivo` text,
	`destino` text,
	`assunto` text,
	`texto` text,
	`parcelas` text NOT NULL,
	`outbox_id` integer,
	`user_id` integer,
	`user_email` text,
	`enviada_em` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`outbox_id`) REFERENCES `outbox`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "mensagens_canal_chk" CHECK("mensagens"."canal" in ('email', 'whatsapp')),
	CONSTRAINT "mensagens_status_chk" CHECK("mensagens"."status" in ('fila', 'pendente', 'enviada', 'pulada'))
);
--> statement-breakpoint
CREATE INDEX `mensagens_data_idx` ON `mensagens` (`data`,`id`);--> statement-breakpoint
CREATE INDEX `mensagens_client_idx` ON `mensagens` (`client_id`,`data`);--> statement-breakpoint
CREATE INDEX `mensagens_status_idx` ON `mensagens` (`status`,`canal`,`data`);--> statement-breakpoint
ALTER TABLE `clients` ADD `nao_enviar_cobrancas` integer DEFAULT false NOT NULL;