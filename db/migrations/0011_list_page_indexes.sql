DROP INDEX `payables_supplier_idx`;--> statement-breakpoint
CREATE INDEX `payables_list_due_idx` ON `payables` (`data_vencimento`,`id`,`status`,`supplier_id`);--> statement-breakpoint
CREATE INDEX `payables_list_status_idx` ON `payables` (`status`,`data_vencimento`,`id`,`supplier_id`);--> statement-breakpoint
CREATE INDEX `payables_list_valor_idx` ON `payables` (`valor`,`data_vencimento`,`id`,`status`,`supplier_id`);--> statement-breakpoint
CREATE INDEX `payables_list_descricao_idx` ON `payables` ("descricao" COLLATE NOCASE,`data_vencimento`,`id`,`status`,`supplier_id`);--> statement-breakpoint
CREATE INDEX `payables_list_parcela_idx` ON `payables` (CAST("numeros_parcela" AS INTEGER),`data_vencimento`,`id`,`status`,`supplier_id`);--> statement-breakpoint
CREATE INDEX `payables_supplier_idx` ON `payables` (`supplier_id`,`data_vencimento`,`id`,`status`);--> statement-breakpoint
DROP INDEX `receivables_client_idx`;--> statement-breakpoint
CREATE INDEX `receivables_list_due_idx` ON `receivables` (`data_vencimento`,`id`,`status`,`client_id`);--> statement-breakpoint
CREATE INDEX `receivables_list_status_idx` ON `receivables` (`status`,`data_vencimento`,`id`,`client_id`);--> statement-breakpoint
CREATE INDEX `receivables_list_valor_idx` ON `receivables` (`valor`,`data_vencimento`,`id`,`status`,`client_id`);--> statement-breakpoint
CREATE INDEX `receivables_list_descricao_idx` ON `receivables` ("descricao" COLLATE NOCASE,`data_vencimento`,`id`,`status`,`client_id`);--> statement-breakpoint
CREATE INDEX `receivables_list_parcela_idx` ON `receivables` (CAST("numeros_parcela" AS INTEGER),`data_vencimento`,`id`,`status`,`client_id`);--> statement-breakpoint
CREATE INDEX `receivables_client_idx` ON `receivables` (`client_id`,`data_vencimento`,`id`,`status`);