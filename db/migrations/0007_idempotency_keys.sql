CREATE TABLE `idempotency_keys` (
	`user_id` integer NOT NULL,
	`route` text NOT NULL,
	`key` text NOT NULL,
	`status` integer NOT NULL,
	`response` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `route`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);