CREATE INDEX `clients_mensalidade_desc_ordem_idx` ON `clients` ("valor_mensalidade" DESC,`nome_ordem`,`id`);--> statement-breakpoint
CREATE INDEX `clients_status_desc_ordem_idx` ON `clients` ((CASE WHEN "status_bloqueio" = 1 THEN 2 WHEN "is_trial" THEN 1 ELSE 0 END) DESC,`nome_ordem`,`id`);--> statement-breakpoint
CREATE INDEX `clients_nome_desc_ordem_idx` ON `clients` ("nome_ordem" DESC,`id`);