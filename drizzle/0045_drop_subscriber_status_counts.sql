-- Subscribers per status are counted where they are read (ADR 050): nothing has read this table
-- since the dashboard's active members came from the member spans (ADR 044), so its triggers only
-- cost every subscriber write. Hand-written: the triggers (drizzle-kit does not know them) go first.
DROP TRIGGER `subscriber_status_counts_insert`;
--> statement-breakpoint
DROP TRIGGER `subscriber_status_counts_delete`;
--> statement-breakpoint
DROP TRIGGER `subscriber_status_counts_update`;
--> statement-breakpoint
DROP TABLE `subscriber_status_counts`;
