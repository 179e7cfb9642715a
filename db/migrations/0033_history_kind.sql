CREATE INDEX `history_kind_idx` ON `history_events` (`entity`,`id`);--> statement-breakpoint
CREATE TABLE `history_kind_counts` (
	`entity` text PRIMARY KEY NOT NULL,
	`eventos` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written below (drizzle has no triggers): each kind's count kept by the writes, in the
-- event's own transaction (issue 38 §3: /history?entidade=… reads its total here).
CREATE TRIGGER `history_kind_counted_insert` AFTER INSERT ON `history_events`
BEGIN
  INSERT INTO `history_kind_counts` (`entity`, `eventos`) VALUES (new.entity, 1)
    ON CONFLICT (`entity`) DO UPDATE SET `eventos` = `eventos` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `history_kind_counted_delete` AFTER DELETE ON `history_events`
BEGIN
  UPDATE `history_kind_counts` SET `eventos` = `eventos` - 1 WHERE `entity` = old.entity;
END;
--> statement-breakpoint
CREATE TRIGGER `history_kind_counted_update` AFTER UPDATE OF `entity` ON `history_events` WHEN old.entity IS NOT new.entity
BEGIN
  UPDATE `history_kind_counts` SET `eventos` = `eventos` - 1 WHERE `entity` = old.entity;
  INSERT INTO `history_kind_counts` (`entity`, `eventos`) VALUES (new.entity, 1)
    ON CONFLICT (`entity`) DO UPDATE SET `eventos` = `eventos` + 1;
END;
--> statement-breakpoint
INSERT INTO `history_kind_counts` (`entity`, `eventos`) SELECT `entity`, count(*) FROM `history_events` GROUP BY `entity`;
