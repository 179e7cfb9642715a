-- The history's text search by index (issue 38 §4): an FTS5 table with the trigram tokenizer over
-- each event's folded search text (`busca`, db/search-columns.ts eventSearchText), so `q=` finds
-- any substring of three characters or more without reading every event. External content (the
-- text stays in history_events, the index holds only the trigrams). Kept by triggers, so every
-- event's entry is written in the same transaction as the event, wherever it is inserted (src/api/history/record.ts)
-- or its text refilled (db/backfill.ts foldUnsearchedEvents). Not in db/schema.ts: drizzle has
-- no virtual tables (a custom migration; `drizzle-kit generate` still sees no schema change).
CREATE VIRTUAL TABLE `history_fts` USING fts5(`busca`, content='history_events', content_rowid='id', tokenize='trigram');--> statement-breakpoint
CREATE TRIGGER `history_fts_insert` AFTER INSERT ON `history_events` WHEN new.busca <> '' BEGIN
  INSERT INTO `history_fts` (rowid, busca) VALUES (new.id, new.busca);
END;--> statement-breakpoint
CREATE TRIGGER `history_fts_update` AFTER UPDATE OF `busca` ON `history_events` BEGIN
  INSERT INTO `history_fts` (`history_fts`, rowid, busca) SELECT 'delete', old.id, old.busca WHERE old.busca <> '';
  INSERT INTO `history_fts` (rowid, busca) SELECT new.id, new.busca WHERE new.busca <> '';
END;--> statement-breakpoint
CREATE TRIGGER `history_fts_delete` AFTER DELETE ON `history_events` WHEN old.busca <> '' BEGIN
  INSERT INTO `history_fts` (`history_fts`, rowid, busca) VALUES ('delete', old.id, old.busca);
END;--> statement-breakpoint
INSERT INTO `history_fts` (`history_fts`) VALUES ('rebuild');
