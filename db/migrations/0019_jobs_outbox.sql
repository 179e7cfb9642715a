CREATE TABLE `jobs` (
	`nome` text PRIMARY KEY NOT NULL,
	`ultimo_dia` text,
	`concluido_em` text,
	`ultimo_erro` text,
	`erro_em` text
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tipo` text NOT NULL,
	`chave` text NOT NULL,
	`payload` text NOT NULL,
	`estado` text DEFAULT 'pendente' NOT NULL,
	`tentativas` integer DEFAULT 0 NOT NULL,
	`proxima_tentativa` text NOT NULL,
	`ultimo_erro` text,
	`enviando_por` text,
	`enviando_desde` text,
	`enviada_em` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "outbox_estado_check" CHECK("outbox"."estado" IN ('pendente', 'enviando', 'enviada', 'falhou', 'incerta'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_chave_idx` ON `outbox` (`chave`);--> statement-breakpoint
CREATE INDEX `outbox_estado_proxima_idx` ON `outbox` (`estado`,`proxima_tentativa`);