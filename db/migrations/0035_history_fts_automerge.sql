-- History text search's index (issue 38 §3, §4): FTS5's automerge off. It did its merge work
-- inside whichever write crossed its quantum (64 leaf pages written, then 64 × levels pages
-- merged): 10–15 ms of CPU landing in one payment's or one generation slice's tick at
-- 375,000 events. The server merges in small doses between requests instead
-- (src/api/history/fts-merge.ts). A setting of the index, kept in history_fts_config.
INSERT INTO `history_fts` (`history_fts`, `rank`) VALUES ('automerge', 0);
