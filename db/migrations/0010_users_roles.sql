ALTER TABLE `sessions` ADD `last_used_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `users` ADD `nome` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `papel` text DEFAULT 'administrador' NOT NULL CONSTRAINT "users_papel_chk" CHECK(`papel` IN ('administrador', 'financeiro', 'consulta'));--> statement-breakpoint
ALTER TABLE `users` ADD `ativo` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `trocar_senha` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `ultimo_acesso` text;
