-- The clients' text search by index (issue 38 §4, "clients' text search the same way if measured
-- worthwhile at 50,000 clients": it was — a name that few clients hold walked the name index and
-- read every client's text, 50–75 ms a page at 50,000, the loop held all along). The same shape
-- as history_fts (0028): FTS5 with the trigram tokenizer over the folded `busca` (name, contato,
-- código, e-mail; db/search-columns.ts), external content, kept by triggers in the same
-- transaction as the client's own write, wherever it comes from (the form, the import, the
-- back-fill). Not in db/schema.ts: drizzle has no virtual tables.
CREATE VIRTUAL TABLE `clients_fts` USING fts5(`busca`, content='clients', content_rowid='id', tokenize='trigram');--> statement-breakpoint
CREATE TRIGGER `clients_fts_insert` AFTER INSERT ON `clients` BEGIN
  INSERT INTO `clients_fts` (rowid, busca) VALUES (new.id, new.busca);
END;--> statement-breakpoint
CREATE TRIGGER `clients_fts_update` AFTER UPDATE OF `busca` ON `clients` BEGIN
  INSERT INTO `clients_fts` (`clients_fts`, rowid, busca) VALUES ('delete', old.id, old.busca);
  INSERT INTO `clients_fts` (rowid, busca) VALUES (new.id, new.busca);
END;--> statement-breakpoint
CREATE TRIGGER `clients_fts_delete` AFTER DELETE ON `clients` BEGIN
  INSERT INTO `clients_fts` (`clients_fts`, rowid, busca) VALUES ('delete', old.id, old.busca);
END;--> statement-breakpoint
INSERT INTO `clients_fts` (`clients_fts`) VALUES ('rebuild');
