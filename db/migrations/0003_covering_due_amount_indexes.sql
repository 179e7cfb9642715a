DROP INDEX `payables_due_idx`;--> statement-breakpoint
CREATE INDEX `payables_due_amount_idx` ON `payables` (`data_vencimento`,`status`,`valor`,`valor_pago`);--> statement-breakpoint
DROP INDEX `receivables_due_idx`;--> statement-breakpoint
CREATE INDEX `receivables_due_amount_idx` ON `receivables` (`data_vencimento`,`status`,`valor`,`valor_pago`);