CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`receivable_id` integer,
	`payable_id` integer,
	`data_pagamento` text NOT NULL,
	`principal` integer NOT NULL,
	`multa` integer DEFAULT 0 NOT NULL,
	`juros` integer DEFAULT 0 NOT NULL,
	`desconto` integer DEFAULT 0 NOT NULL,
	`valor_pago` integer NOT NULL,
	`origem` text DEFAULT 'manual' NOT NULL,
	`bank_transaction_id` integer,
	`multa_centesimos` integer,
	`juros_mensal_centesimos` integer,
	`user_id` integer,
	`user_email` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`receivable_id`) REFERENCES `receivables`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payable_id`) REFERENCES `payables`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payments_side_chk" CHECK(("payments"."receivable_id" IS NULL) <> ("payments"."payable_id" IS NULL)),
	CONSTRAINT "payments_amounts_chk" CHECK("payments"."principal" >= 0 AND "payments"."multa" >= 0 AND "payments"."juros" >= 0 AND "payments"."desconto" >= 0 AND "payments"."valor_pago" >= 0)
);
--> statement-breakpoint
CREATE INDEX `payments_receivable_idx` ON `payments` (`receivable_id`,`id`) WHERE "payments"."receivable_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `payments_payable_idx` ON `payments` (`payable_id`,`id`) WHERE "payments"."payable_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `payments_date_idx` ON `payments` (`data_pagamento`,`receivable_id`,`payable_id`,`valor_pago`);--> statement-breakpoint
DROP INDEX `payables_due_amount_idx`;--> statement-breakpoint
DROP INDEX `payables_status_amount_idx`;--> statement-breakpoint
ALTER TABLE `payables` ADD `principal_pago` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payables` ADD `desconto` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `payables_due_amount_idx` ON `payables` (`data_vencimento`,`status`,`valor`,`valor_pago`,`principal_pago`,`desconto`);--> statement-breakpoint
CREATE INDEX `payables_status_amount_idx` ON `payables` (`status`,`data_vencimento`,`valor`,`valor_pago`,`principal_pago`,`desconto`);--> statement-breakpoint
DROP INDEX `receivables_due_amount_idx`;--> statement-breakpoint
DROP INDEX `receivables_status_amount_idx`;--> statement-breakpoint
ALTER TABLE `receivables` ADD `principal_pago` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `receivables` ADD `desconto` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `receivables_due_amount_idx` ON `receivables` (`data_vencimento`,`status`,`valor`,`valor_pago`,`principal_pago`,`desconto`);--> statement-breakpoint
CREATE INDEX `receivables_status_amount_idx` ON `receivables` (`status`,`data_vencimento`,`valor`,`valor_pago`,`principal_pago`,`desconto`);--> statement-breakpoint
ALTER TABLE `settings` ADD `multa_centesimos` integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `juros_mensal_centesimos` integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `dias_carencia` integer;
--> statement-breakpoint
-- Every payment made before payments existed becomes that row's one payment (issue 34 §1): its
-- principal the face value, multa and juros as stored, no discount, what was received as stored;
-- from Conciliação when a statement line settled the row. Every sum reads the same after. (A paid
-- row without a date, which no version wrote but the schema allowed, is dated by its due date.)
INSERT INTO `payments` (`receivable_id`, `data_pagamento`, `principal`, `multa`, `juros`, `valor_pago`, `origem`, `bank_transaction_id`)
SELECT r.`id`, coalesce(r.`data_pagamento`, r.`data_vencimento`), r.`valor`, coalesce(r.`multa`, 0), coalesce(r.`juros`, 0),
  coalesce(r.`valor_pago`, r.`valor` + coalesce(r.`multa`, 0) + coalesce(r.`juros`, 0)),
  CASE WHEN b.`id` IS NULL THEN 'manual' ELSE 'conciliacao' END, b.`id`
FROM `receivables` r LEFT JOIN `bank_transactions` b ON b.`receivable_id` = r.`id`
WHERE r.`status` = 'pago' ORDER BY r.`id`;
--> statement-breakpoint
INSERT INTO `payments` (`payable_id`, `data_pagamento`, `principal`, `valor_pago`, `origem`, `bank_transaction_id`)
SELECT r.`id`, coalesce(r.`data_pagamento`, r.`data_vencimento`), r.`valor`, coalesce(r.`valor_pago`, r.`valor`),
  CASE WHEN b.`id` IS NULL THEN 'manual' ELSE 'conciliacao' END, b.`id`
FROM `payables` r LEFT JOIN `bank_transactions` b ON b.`payable_id` = r.`id`
WHERE r.`status` = 'pago' ORDER BY r.`id`;
--> statement-breakpoint
UPDATE `receivables` SET `principal_pago` = `valor` WHERE `status` = 'pago';
--> statement-breakpoint
UPDATE `payables` SET `principal_pago` = `valor` WHERE `status` = 'pago';
