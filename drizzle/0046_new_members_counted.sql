-- "New members this month" is counted from the month's payments where the dashboard reads it
-- (ADR 050): the first-payment date no longer rides on every payment write. Hand-written: its
-- triggers (drizzle-kit does not know them) go before the column they write.
DROP TRIGGER `subscribers_first_paid_insert`;
--> statement-breakpoint
DROP TRIGGER `subscribers_first_paid_delete`;
--> statement-breakpoint
DROP TRIGGER `subscribers_first_paid_update`;
--> statement-breakpoint
DROP INDEX `subscribers_first_paid_idx`;
--> statement-breakpoint
ALTER TABLE `subscribers` DROP COLUMN `first_paid_at`;
