-- Custom SQL migration file, put your code below! --
-- Substring search of the back office's lists (docs/decisions/016-downloads-and-big-lists.md): a
-- trigram full-text index over subscribers' name, e-mail, phone and CPF, kept in step with
-- `subscribers` by triggers; its rowid is the subscriber row's rowid. Drizzle's schema cannot
-- declare a virtual table or a trigger: KEEP THIS MIGRATION when migrations are regenerated from
-- the schema (`npm run db:generate -- --custom --name subscriber_search`, then this text).
CREATE VIRTUAL TABLE `subscribers_search` USING fts5(name, email, phone, cpf, tokenize = 'trigram remove_diacritics 1');
--> statement-breakpoint
INSERT INTO `subscribers_search` (rowid, name, email, phone, cpf) SELECT rowid, name, email, phone, coalesce(cpf, '') FROM `subscribers`;
--> statement-breakpoint
CREATE TRIGGER `subscribers_search_insert` AFTER INSERT ON `subscribers` BEGIN
  INSERT INTO `subscribers_search` (rowid, name, email, phone, cpf) VALUES (new.rowid, new.name, new.email, new.phone, coalesce(new.cpf, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `subscribers_search_delete` AFTER DELETE ON `subscribers` BEGIN
  DELETE FROM `subscribers_search` WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `subscribers_search_update` AFTER UPDATE OF name, email, phone, cpf ON `subscribers` BEGIN
  UPDATE `subscribers_search` SET name = new.name, email = new.email, phone = new.phone, cpf = coalesce(new.cpf, '') WHERE rowid = old.rowid;
END;
