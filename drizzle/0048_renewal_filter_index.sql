-- The back office's `renewal` filter (ADR 052, "The list's renewal filter"): whether a member
-- renews automatically (on, with a saved card) is copied onto the subscriber's row so that the
-- list and its count read an index range instead of probing `automatic_renewals` for each of the
-- club's subscribers. Plain SQL triggers keep the copy, so any writer of `automatic_renewals` (the
-- app, the `sqlite3` shell) keeps it true. The window of end dates' index gains the copy, so the
-- dashboard's "automáticas" among the renewals due is counted from that index alone. Hand-written
-- around drizzle-kit's lines: the backfill and the triggers.
DROP INDEX `subscribers_status_end_date_idx`;
--> statement-breakpoint
ALTER TABLE `subscribers` ADD `renews_automatically` integer DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE `subscribers` SET `renews_automatically` = 1 WHERE `id` IN (
  SELECT `subscriber_id` FROM `automatic_renewals`
  WHERE `enabled` = 1 AND `provider_card_id` IS NOT NULL
);
--> statement-breakpoint
CREATE INDEX `subscribers_renewal_created_idx` ON `subscribers` (`renews_automatically`,`created_at`);
--> statement-breakpoint
CREATE INDEX `subscribers_status_end_date_idx` ON `subscribers` (`status`,`subscription_end_date`,`renews_automatically`);
--> statement-breakpoint
CREATE TRIGGER `automatic_renewals_flag_insert` AFTER INSERT ON `automatic_renewals` BEGIN
  UPDATE `subscribers`
  SET `renews_automatically` = (new.`enabled` = 1 AND new.`provider_card_id` IS NOT NULL)
  WHERE `id` = new.`subscriber_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `automatic_renewals_flag_update` AFTER UPDATE OF `enabled`, `provider_card_id`, `subscriber_id` ON `automatic_renewals` BEGIN
  UPDATE `subscribers` SET `renews_automatically` = 0
  WHERE `id` = old.`subscriber_id` AND old.`subscriber_id` IS NOT new.`subscriber_id`;
  UPDATE `subscribers`
  SET `renews_automatically` = (new.`enabled` = 1 AND new.`provider_card_id` IS NOT NULL)
  WHERE `id` = new.`subscriber_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `automatic_renewals_flag_delete` AFTER DELETE ON `automatic_renewals` BEGIN
  UPDATE `subscribers` SET `renews_automatically` = 0 WHERE `id` = old.`subscriber_id`;
END;
