ALTER TABLE `history_events` ADD `busca` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `history_unfolded_idx` ON `history_events` (`id`) WHERE busca = '';