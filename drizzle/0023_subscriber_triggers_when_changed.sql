-- Custom SQL migration file, put your code below! --
-- Subscriber writes that change nothing searchable touch no search index (issue 26, docs/decisions/
-- 036-flat-costs.md). The checkout and the payment confirmation write the profile again on every
-- payment, mostly with the same name, e-mail, phone and CPF: the triggers of migrations
-- subscriber_search and admin_search_and_totals rewrote the trigram rows of the subscriber and of
-- every one of their payments each time. The same triggers, run only when a value changed. Drizzle's
-- schema cannot declare triggers: KEEP THIS MIGRATION VERBATIM when migrations are regenerated
-- (`npx drizzle-kit generate --custom --name subscriber_triggers_when_changed`, then this text).
DROP TRIGGER `subscribers_search_update`;
--> statement-breakpoint
CREATE TRIGGER `subscribers_search_update` AFTER UPDATE OF name, email, phone, cpf ON `subscribers`
  WHEN old.name IS NOT new.name OR old.email IS NOT new.email OR old.phone IS NOT new.phone OR old.cpf IS NOT new.cpf
BEGIN
  UPDATE `subscribers_search` SET name = new.name, email = new.email, phone = new.phone, cpf = coalesce(new.cpf, '') WHERE rowid = old.rowid;
END;
--> statement-breakpoint
DROP TRIGGER `payments_search_subscriber`;
--> statement-breakpoint
CREATE TRIGGER `payments_search_subscriber` AFTER UPDATE OF name, email, phone, cpf ON `subscribers`
  WHEN old.name IS NOT new.name OR old.email IS NOT new.email OR old.phone IS NOT new.phone OR old.cpf IS NOT new.cpf
BEGIN
  UPDATE `payments_search` SET name = new.name, email = new.email, phone = new.phone, cpf = coalesce(new.cpf, '')
    WHERE rowid IN (SELECT rowid FROM `payments` WHERE subscriber_id = new.id);
END;
--> statement-breakpoint
DROP TRIGGER `subscriber_status_counts_update`;
--> statement-breakpoint
CREATE TRIGGER `subscriber_status_counts_update` AFTER UPDATE OF status ON `subscribers` WHEN old.status IS NOT new.status BEGIN
  INSERT INTO `subscriber_status_counts` (status, count) VALUES (old.status, -1)
    ON CONFLICT (status) DO UPDATE SET count = count + excluded.count;
  INSERT INTO `subscriber_status_counts` (status, count) VALUES (new.status, 1)
    ON CONFLICT (status) DO UPDATE SET count = count + excluded.count;
END;
