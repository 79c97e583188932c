-- Custom SQL migration file, put your code below! --
-- The outbox's backlog for /api/health (issue 26, docs/decisions/036-flat-costs.md). Drizzle's schema
-- cannot declare triggers: KEEP THIS MIGRATION VERBATIM when migrations are regenerated
-- (`npx drizzle-kit generate --custom --name outbox_counts_triggers`, then this text).
--
-- `outbox_counts` (declared in the Drizzle schema): messages per status, counted once from the
-- existing rows, then kept by the triggers below in the same transaction as every write.
INSERT INTO `outbox_counts` (status, count) SELECT status, count(*) FROM `outbox` GROUP BY status;
--> statement-breakpoint
CREATE TRIGGER `outbox_counts_insert` AFTER INSERT ON `outbox` BEGIN
  INSERT INTO `outbox_counts` (status, count) VALUES (new.status, 1)
    ON CONFLICT (status) DO UPDATE SET count = count + excluded.count;
END;
--> statement-breakpoint
CREATE TRIGGER `outbox_counts_delete` AFTER DELETE ON `outbox` BEGIN
  INSERT INTO `outbox_counts` (status, count) VALUES (old.status, -1)
    ON CONFLICT (status) DO UPDATE SET count = count + excluded.count;
END;
--> statement-breakpoint
CREATE TRIGGER `outbox_counts_update` AFTER UPDATE OF status ON `outbox` WHEN old.status <> new.status BEGIN
  INSERT INTO `outbox_counts` (status, count) VALUES (old.status, -1)
    ON CONFLICT (status) DO UPDATE SET count = count + excluded.count;
  INSERT INTO `outbox_counts` (status, count) VALUES (new.status, 1)
    ON CONFLICT (status) DO UPDATE SET count = count + excluded.count;
END;
