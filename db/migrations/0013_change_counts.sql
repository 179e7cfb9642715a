CREATE TABLE `change_counts` (
	`tabela` text PRIMARY KEY NOT NULL,
	`alteracoes` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- One row per table the dashboard reads; every changed row adds one, whoever changes it.
INSERT INTO `change_counts` (`tabela`, `alteracoes`) VALUES ('clients', 0), ('subscriptions', 0), ('receivables', 0);
--> statement-breakpoint
CREATE TRIGGER `clients_counted_insert` AFTER INSERT ON `clients`
BEGIN
  UPDATE `change_counts` SET `alteracoes` = `alteracoes` + 1 WHERE `tabela` = 'clients';
END;
--> statement-breakpoint
CREATE TRIGGER `clients_counted_update` AFTER UPDATE ON `clients`
BEGIN
  UPDATE `change_counts` SET `alteracoes` = `alteracoes` + 1 WHERE `tabela` = 'clients';
END;
--> statement-breakpoint
CREATE TRIGGER `clients_counted_delete` AFTER DELETE ON `clients`
BEGIN
  UPDATE `change_counts` SET `alteracoes` = `alteracoes` + 1 WHERE `tabela` = 'clients';
END;
--> statement-breakpoint
CREATE TRIGGER `subscriptions_counted_insert` AFTER INSERT ON `subscriptions`
BEGIN
  UPDATE `change_counts` SET `alteracoes` = `alteracoes` + 1 WHERE `tabela` = 'subscriptions';
END;
--> statement-breakpoint
CREATE TRIGGER `subscriptions_counted_update` AFTER UPDATE ON `subscriptions`
BEGIN
  UPDATE `change_counts` SET `alteracoes` = `alteracoes` + 1 WHERE `tabela` = 'subscriptions';
END;
--> statement-breakpoint
CREATE TRIGGER `subscriptions_counted_delete` AFTER DELETE ON `subscriptions`
BEGIN
  UPDATE `change_counts` SET `alteracoes` = `alteracoes` + 1 WHERE `tabela` = 'subscriptions';
END;
--> statement-breakpoint
CREATE TRIGGER `receivables_counted_insert` AFTER INSERT ON `receivables`
BEGIN
  UPDATE `change_counts` SET `alteracoes` = `alteracoes` + 1 WHERE `tabela` = 'receivables';
END;
--> statement-breakpoint
CREATE TRIGGER `receivables_counted_update` AFTER UPDATE ON `receivables`
BEGIN
  UPDATE `change_counts` SET `alteracoes` = `alteracoes` + 1 WHERE `tabela` = 'receivables';
END;
--> statement-breakpoint
CREATE TRIGGER `receivables_counted_delete` AFTER DELETE ON `receivables`
BEGIN
  UPDATE `change_counts` SET `alteracoes` = `alteracoes` + 1 WHERE `tabela` = 'receivables';
END;
