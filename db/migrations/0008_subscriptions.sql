CREATE TABLE `subscription_months` (
	`subscription_id` integer NOT NULL,
	`competencia` text NOT NULL,
	`receivable_id` integer,
	`gerada_em` text NOT NULL,
	PRIMARY KEY(`subscription_id`, `competencia`),
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receivable_id`) REFERENCES `receivables`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`status` text NOT NULL,
	`dia_vencimento` integer NOT NULL,
	`inicio` text NOT NULL,
	`fim` text,
	`trial_ate` text,
	`reajuste_mes` integer,
	`reajuste_percentual` integer,
	`ultimo_reajuste` text,
	`proxima_competencia` text NOT NULL,
	`iniciada_em` text NOT NULL,
	`encerrada_em` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "subscriptions_status_chk" CHECK("subscriptions"."status" IN ('ativa', 'pausada', 'encerrada')),
	CONSTRAINT "subscriptions_dia_chk" CHECK("subscriptions"."dia_vencimento" BETWEEN 1 AND 31),
	CONSTRAINT "subscriptions_reajuste_mes_chk" CHECK("subscriptions"."reajuste_mes" IS NULL OR "subscriptions"."reajuste_mes" BETWEEN 1 AND 12)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_client_id_unique` ON `subscriptions` (`client_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_status_next_idx` ON `subscriptions` (`status`,`proxima_competencia`);--> statement-breakpoint
ALTER TABLE `receivables` ADD `subscription_id` integer REFERENCES subscriptions(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `receivables` ADD `competencia` text;--> statement-breakpoint
CREATE UNIQUE INDEX `receivables_subscription_month_idx` ON `receivables` (`subscription_id`,`competencia`) WHERE "receivables"."subscription_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `antecedencia_dias` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `vencimento_em_dia_util` integer DEFAULT true NOT NULL;