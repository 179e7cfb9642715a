CREATE TABLE `history_kind_blocks` (
	`entity` text NOT NULL,
	`bloco` integer NOT NULL,
	`eventos` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`entity`, `bloco`)
);
--> statement-breakpoint
-- Hand-written below (drizzle has no triggers): each kind's events per block of 4,096 ids, kept
-- by the writes in the event's own transaction (issue 38 §3, §8: a kind's middle page reads the
-- block it starts in, not every event of the kind before it). `id >> 12` is the block.
CREATE TRIGGER `history_kind_blocks_insert` AFTER INSERT ON `history_events`
BEGIN
  INSERT INTO `history_kind_blocks` (`entity`, `bloco`, `eventos`) VALUES (new.entity, new.id >> 12, 1)
    ON CONFLICT (`entity`, `bloco`) DO UPDATE SET `eventos` = `eventos` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `history_kind_blocks_delete` AFTER DELETE ON `history_events`
BEGIN
  UPDATE `history_kind_blocks` SET `eventos` = `eventos` - 1 WHERE `entity` = old.entity AND `bloco` = old.id >> 12;
END;
--> statement-breakpoint
CREATE TRIGGER `history_kind_blocks_update` AFTER UPDATE OF `entity`, `id` ON `history_events` WHEN old.entity IS NOT new.entity OR old.id IS NOT new.id
BEGIN
  UPDATE `history_kind_blocks` SET `eventos` = `eventos` - 1 WHERE `entity` = old.entity AND `bloco` = old.id >> 12;
  INSERT INTO `history_kind_blocks` (`entity`, `bloco`, `eventos`) VALUES (new.entity, new.id >> 12, 1)
    ON CONFLICT (`entity`, `bloco`) DO UPDATE SET `eventos` = `eventos` + 1;
END;
--> statement-breakpoint
INSERT INTO `history_kind_blocks` (`entity`, `bloco`, `eventos`) SELECT `entity`, `id` >> 12, count(*) FROM `history_events` GROUP BY 1, 2;
