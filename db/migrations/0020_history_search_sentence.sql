-- The history's search text now holds each event's sentence (the changed fields' before → after, a
-- payment's amount and date: issue 31 §18), not only its label and who. Emptied here, before the
-- index is built (which then holds nothing); refilled at open, a batch at a time, by
-- db/backfill.ts foldUnsearchedEvents with db/search-columns.ts eventSearchText, as every new
-- event's is.
UPDATE `history_events` SET `busca` = '';--> statement-breakpoint
CREATE INDEX `history_search_idx` ON `history_events` (`id`,`busca`) WHERE busca <> '';
