ALTER TABLE `partners` ADD `empresa_ordem` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `partners_empresa_ordem_idx` ON `partners` (`empresa_ordem`,`id`);