DROP INDEX `bank_transactions_receivable_idx`;--> statement-breakpoint
DROP INDEX `bank_transactions_payable_idx`;--> statement-breakpoint
ALTER TABLE `bank_transactions` ADD `sugestao_parcelas` text;--> statement-breakpoint
CREATE INDEX `bank_transactions_receivable_idx` ON `bank_transactions` (`receivable_id`) WHERE "bank_transactions"."receivable_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `bank_transactions_payable_idx` ON `bank_transactions` (`payable_id`) WHERE "bank_transactions"."payable_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `payments_line_idx` ON `payments` (`bank_transaction_id`) WHERE "payments"."bank_transaction_id" IS NOT NULL;