-- Payables are counted too: the Contas a Pagar cards are kept while they stay as they were (src/api/kept.ts).
INSERT INTO `change_counts` (`tabela`, `alteracoes`) VALUES ('payables', 0);
--> statement-breakpoint
CREATE TRIGGER `payables_counted_insert` AFTER INSERT ON `payables`
BEGIN
  UPDATE `change_counts` SET `alteracoes` = `alteracoes` + 1 WHERE `tabela` = 'payables';
END;
--> statement-breakpoint
CREATE TRIGGER `payables_counted_update` AFTER UPDATE ON `payables`
BEGIN
  UPDATE `change_counts` SET `alteracoes` = `alteracoes` + 1 WHERE `tabela` = 'payables';
END;
--> statement-breakpoint
CREATE TRIGGER `payables_counted_delete` AFTER DELETE ON `payables`
BEGIN
  UPDATE `change_counts` SET `alteracoes` = `alteracoes` + 1 WHERE `tabela` = 'payables';
END;
