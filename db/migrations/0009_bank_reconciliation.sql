CREATE TABLE `bank_transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`banco` text NOT NULL,
	`conta` text NOT NULL,
	`fitid` text NOT NULL,
	`data` text NOT NULL,
	`valor` integer NOT NULL,
	`descricao` text NOT NULL,
	`busca` text NOT NULL,
	`ignorada` integer DEFAULT false NOT NULL,
	`receivable_id` integer,
	`payable_id` integer,
	`sugestao_tipo` text,
	`sugestao_id` integer,
	`sugestao_confianca` text,
	`sugestao_motivo` text,
	`conciliada_em` text,
	FOREIGN KEY (`receivable_id`) REFERENCES `receivables`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`payable_id`) REFERENCES `payables`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_transactions_identity_idx` ON `bank_transactions` (`banco`,`conta`,`fitid`,`data`,`valor`);--> statement-breakpoint
CREATE UNIQUE INDEX `bank_transactions_receivable_idx` ON `bank_transactions` (`receivable_id`) WHERE "bank_transactions"."receivable_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `bank_transactions_payable_idx` ON `bank_transactions` (`payable_id`) WHERE "bank_transactions"."payable_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `statement_lines` (
	`statement_id` integer NOT NULL,
	`transaction_id` integer NOT NULL,
	`ordem` integer NOT NULL,
	PRIMARY KEY(`statement_id`, `transaction_id`),
	FOREIGN KEY (`statement_id`) REFERENCES `statements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`transaction_id`) REFERENCES `bank_transactions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `statement_lines_order_idx` ON `statement_lines` (`statement_id`,`ordem`);--> statement-breakpoint
CREATE TABLE `statements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`banco` text NOT NULL,
	`agencia` text,
	`conta` text NOT NULL,
	`de` text,
	`ate` text,
	`arquivo` text NOT NULL,
	`saldo` integer,
	`saldo_data` text,
	`importado_por` text NOT NULL,
	`importado_em` text NOT NULL,
	`transacoes` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `statements_account_idx` ON `statements` (`banco`,`conta`,`id`);--> statement-breakpoint
CREATE INDEX `receivables_competencia_mrr_idx` ON `receivables` (`competencia`,`subscription_id`,`valor`) WHERE "receivables"."subscription_id" IS NOT NULL;