-- Custom SQL migration file, put your code below! --
-- The back office on a big club (issue 10, docs/decisions/026-admin-search-and-totals.md). Drizzle's
-- schema cannot declare virtual tables or triggers: KEEP THIS MIGRATION VERBATIM when migrations are
-- regenerated (`npm run db:generate -- --custom --name admin_search_and_totals`, then this text).
--
-- 1. `payments_search`: the trigram index of `subscribers_search` (migration subscriber_search) once
--    per payment, with the payer's name, e-mail, phone and CPF; its rowid is the payment row's rowid.
--    The payments list searches it directly instead of going through every matching subscriber.
CREATE VIRTUAL TABLE `payments_search` USING fts5(name, email, phone, cpf, tokenize = 'trigram remove_diacritics 1');
--> statement-breakpoint
INSERT INTO `payments_search` (rowid, name, email, phone, cpf)
  SELECT p.rowid, s.name, s.email, s.phone, coalesce(s.cpf, '') FROM `payments` p JOIN `subscribers` s ON s.id = p.subscriber_id;
--> statement-breakpoint
CREATE TRIGGER `payments_search_insert` AFTER INSERT ON `payments` BEGIN
  INSERT INTO `payments_search` (rowid, name, email, phone, cpf)
    SELECT new.rowid, name, email, phone, coalesce(cpf, '') FROM `subscribers` WHERE id = new.subscriber_id;
END;
--> statement-breakpoint
CREATE TRIGGER `payments_search_delete` AFTER DELETE ON `payments` BEGIN
  DELETE FROM `payments_search` WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `payments_search_move` AFTER UPDATE OF subscriber_id ON `payments` BEGIN
  DELETE FROM `payments_search` WHERE rowid = old.rowid;
  INSERT INTO `payments_search` (rowid, name, email, phone, cpf)
    SELECT new.rowid, name, email, phone, coalesce(cpf, '') FROM `subscribers` WHERE id = new.subscriber_id;
END;
--> statement-breakpoint
CREATE TRIGGER `payments_search_subscriber` AFTER UPDATE OF name, email, phone, cpf ON `subscribers` BEGIN
  UPDATE `payments_search` SET name = new.name, email = new.email, phone = new.phone, cpf = coalesce(new.cpf, '')
    WHERE rowid IN (SELECT rowid FROM `payments` WHERE subscriber_id = new.id);
END;
--> statement-breakpoint
-- 2. `payment_month_totals` (declared in the Drizzle schema): by São Paulo month (UTC-3, no daylight
--    saving since 2019), the revenue paid in it, the paid periods that began and ended in it, and the
--    paid renewals of an end that fell in it. A period begins when it was paid, or for an early
--    renewal at the end it extended, and ends at `period_end_date`. Each trigger takes out the old
--    row's share and adds the new row's.
INSERT INTO `payment_month_totals` (month, revenue, periods_begun, periods_ended, periods_renewed)
  SELECT month, sum(revenue), sum(begun), sum(ended), sum(renewed) FROM (
    SELECT cast(strftime('%Y%m', (p.paid_at - 10800000) / 1000, 'unixepoch') as integer) AS month, p.amount AS revenue, 0 AS begun, 0 AS ended, 0 AS renewed
      FROM `payments` p WHERE p.status = 'paid' AND p.paid_at IS NOT NULL
    UNION ALL
    SELECT cast(strftime('%Y%m', (max(p.paid_at, coalesce(p.previous_end_date, 0)) - 10800000) / 1000, 'unixepoch') as integer), 0, 1, 0, 0 FROM `payments` p WHERE p.status = 'paid' and p.paid_at is not null and p.period_end_date > max(p.paid_at, coalesce(p.previous_end_date, 0))
    UNION ALL
    SELECT cast(strftime('%Y%m', (p.period_end_date - 10800000) / 1000, 'unixepoch') as integer), 0, 0, 1, 0 FROM `payments` p WHERE p.status = 'paid' and p.paid_at is not null and p.period_end_date > max(p.paid_at, coalesce(p.previous_end_date, 0))
    UNION ALL
    SELECT cast(strftime('%Y%m', (p.previous_end_date - 10800000) / 1000, 'unixepoch') as integer), 0, 0, 0, 1 FROM `payments` p
      WHERE p.status = 'paid' AND p.previous_end_date IS NOT NULL
  ) GROUP BY month;
--> statement-breakpoint
CREATE TRIGGER `payment_month_totals_insert` AFTER INSERT ON `payments` BEGIN
  INSERT INTO `payment_month_totals` (month, revenue) SELECT cast(strftime('%Y%m', (new.paid_at - 10800000) / 1000, 'unixepoch') as integer), new.amount WHERE new.status = 'paid' and new.paid_at is not null
    ON CONFLICT (month) DO UPDATE SET revenue = revenue + excluded.revenue;
  INSERT INTO `payment_month_totals` (month, periods_begun) SELECT cast(strftime('%Y%m', (max(new.paid_at, coalesce(new.previous_end_date, 0)) - 10800000) / 1000, 'unixepoch') as integer), 1 WHERE new.status = 'paid' and new.paid_at is not null and new.period_end_date > max(new.paid_at, coalesce(new.previous_end_date, 0))
    ON CONFLICT (month) DO UPDATE SET periods_begun = periods_begun + excluded.periods_begun;
  INSERT INTO `payment_month_totals` (month, periods_ended) SELECT cast(strftime('%Y%m', (new.period_end_date - 10800000) / 1000, 'unixepoch') as integer), 1 WHERE new.status = 'paid' and new.paid_at is not null and new.period_end_date > max(new.paid_at, coalesce(new.previous_end_date, 0))
    ON CONFLICT (month) DO UPDATE SET periods_ended = periods_ended + excluded.periods_ended;
  INSERT INTO `payment_month_totals` (month, periods_renewed) SELECT cast(strftime('%Y%m', (new.previous_end_date - 10800000) / 1000, 'unixepoch') as integer), 1 WHERE new.status = 'paid' and new.previous_end_date is not null
    ON CONFLICT (month) DO UPDATE SET periods_renewed = periods_renewed + excluded.periods_renewed;
END;
--> statement-breakpoint
CREATE TRIGGER `payment_month_totals_delete` AFTER DELETE ON `payments` BEGIN
  INSERT INTO `payment_month_totals` (month, revenue) SELECT cast(strftime('%Y%m', (old.paid_at - 10800000) / 1000, 'unixepoch') as integer), -old.amount WHERE old.status = 'paid' and old.paid_at is not null
    ON CONFLICT (month) DO UPDATE SET revenue = revenue + excluded.revenue;
  INSERT INTO `payment_month_totals` (month, periods_begun) SELECT cast(strftime('%Y%m', (max(old.paid_at, coalesce(old.previous_end_date, 0)) - 10800000) / 1000, 'unixepoch') as integer), -1 WHERE old.status = 'paid' and old.paid_at is not null and old.period_end_date > max(old.paid_at, coalesce(old.previous_end_date, 0))
    ON CONFLICT (month) DO UPDATE SET periods_begun = periods_begun + excluded.periods_begun;
  INSERT INTO `payment_month_totals` (month, periods_ended) SELECT cast(strftime('%Y%m', (old.period_end_date - 10800000) / 1000, 'unixepoch') as integer), -1 WHERE old.status = 'paid' and old.paid_at is not null and old.period_end_date > max(old.paid_at, coalesce(old.previous_end_date, 0))
    ON CONFLICT (month) DO UPDATE SET periods_ended = periods_ended + excluded.periods_ended;
  INSERT INTO `payment_month_totals` (month, periods_renewed) SELECT cast(strftime('%Y%m', (old.previous_end_date - 10800000) / 1000, 'unixepoch') as integer), -1 WHERE old.status = 'paid' and old.previous_end_date is not null
    ON CONFLICT (month) DO UPDATE SET periods_renewed = periods_renewed + excluded.periods_renewed;
END;
--> statement-breakpoint
CREATE TRIGGER `payment_month_totals_update` AFTER UPDATE OF status, amount, paid_at, previous_end_date, period_end_date ON `payments` BEGIN
  INSERT INTO `payment_month_totals` (month, revenue) SELECT cast(strftime('%Y%m', (old.paid_at - 10800000) / 1000, 'unixepoch') as integer), -old.amount WHERE old.status = 'paid' and old.paid_at is not null
    ON CONFLICT (month) DO UPDATE SET revenue = revenue + excluded.revenue;
  INSERT INTO `payment_month_totals` (month, periods_begun) SELECT cast(strftime('%Y%m', (max(old.paid_at, coalesce(old.previous_end_date, 0)) - 10800000) / 1000, 'unixepoch') as integer), -1 WHERE old.status = 'paid' and old.paid_at is not null and old.period_end_date > max(old.paid_at, coalesce(old.previous_end_date, 0))
    ON CONFLICT (month) DO UPDATE SET periods_begun = periods_begun + excluded.periods_begun;
  INSERT INTO `payment_month_totals` (month, periods_ended) SELECT cast(strftime('%Y%m', (old.period_end_date - 10800000) / 1000, 'unixepoch') as integer), -1 WHERE old.status = 'paid' and old.paid_at is not null and old.period_end_date > max(old.paid_at, coalesce(old.previous_end_date, 0))
    ON CONFLICT (month) DO UPDATE SET periods_ended = periods_ended + excluded.periods_ended;
  INSERT INTO `payment_month_totals` (month, periods_renewed) SELECT cast(strftime('%Y%m', (old.previous_end_date - 10800000) / 1000, 'unixepoch') as integer), -1 WHERE old.status = 'paid' and old.previous_end_date is not null
    ON CONFLICT (month) DO UPDATE SET periods_renewed = periods_renewed + excluded.periods_renewed;
  INSERT INTO `payment_month_totals` (month, revenue) SELECT cast(strftime('%Y%m', (new.paid_at - 10800000) / 1000, 'unixepoch') as integer), new.amount WHERE new.status = 'paid' and new.paid_at is not null
    ON CONFLICT (month) DO UPDATE SET revenue = revenue + excluded.revenue;
  INSERT INTO `payment_month_totals` (month, periods_begun) SELECT cast(strftime('%Y%m', (max(new.paid_at, coalesce(new.previous_end_date, 0)) - 10800000) / 1000, 'unixepoch') as integer), 1 WHERE new.status = 'paid' and new.paid_at is not null and new.period_end_date > max(new.paid_at, coalesce(new.previous_end_date, 0))
    ON CONFLICT (month) DO UPDATE SET periods_begun = periods_begun + excluded.periods_begun;
  INSERT INTO `payment_month_totals` (month, periods_ended) SELECT cast(strftime('%Y%m', (new.period_end_date - 10800000) / 1000, 'unixepoch') as integer), 1 WHERE new.status = 'paid' and new.paid_at is not null and new.period_end_date > max(new.paid_at, coalesce(new.previous_end_date, 0))
    ON CONFLICT (month) DO UPDATE SET periods_ended = periods_ended + excluded.periods_ended;
  INSERT INTO `payment_month_totals` (month, periods_renewed) SELECT cast(strftime('%Y%m', (new.previous_end_date - 10800000) / 1000, 'unixepoch') as integer), 1 WHERE new.status = 'paid' and new.previous_end_date is not null
    ON CONFLICT (month) DO UPDATE SET periods_renewed = periods_renewed + excluded.periods_renewed;
END;
--> statement-breakpoint
-- 3. `subscriber_status_counts` (declared in the Drizzle schema): subscribers per status.
INSERT INTO `subscriber_status_counts` (status, count) SELECT status, count(*) FROM `subscribers` GROUP BY status;
--> statement-breakpoint
CREATE TRIGGER `subscriber_status_counts_insert` AFTER INSERT ON `subscribers` BEGIN
  INSERT INTO `subscriber_status_counts` (status, count) VALUES (new.status, 1)
    ON CONFLICT (status) DO UPDATE SET count = count + excluded.count;
END;
--> statement-breakpoint
CREATE TRIGGER `subscriber_status_counts_delete` AFTER DELETE ON `subscribers` BEGIN
  INSERT INTO `subscriber_status_counts` (status, count) VALUES (old.status, -1)
    ON CONFLICT (status) DO UPDATE SET count = count + excluded.count;
END;
--> statement-breakpoint
CREATE TRIGGER `subscriber_status_counts_update` AFTER UPDATE OF status ON `subscribers` BEGIN
  INSERT INTO `subscriber_status_counts` (status, count) VALUES (old.status, -1)
    ON CONFLICT (status) DO UPDATE SET count = count + excluded.count;
  INSERT INTO `subscriber_status_counts` (status, count) VALUES (new.status, 1)
    ON CONFLICT (status) DO UPDATE SET count = count + excluded.count;
END;
--> statement-breakpoint
-- 4. `subscribers.first_paid_at` (declared in the Drizzle schema): when the subscriber's first
--    confirmed payment (paid, or paid and later refunded) was made; the dashboard counts this month's
--    new members on its index. Each trigger recomputes it for the subscribers the write touched (one
--    lookup in payments_subscriber_status_paid_idx).
UPDATE `subscribers` SET first_paid_at = (SELECT min(paid_at) FROM `payments` WHERE subscriber_id = subscribers.id AND status IN ('paid', 'refunded'));
--> statement-breakpoint
CREATE TRIGGER `subscribers_first_paid_insert` AFTER INSERT ON `payments` WHEN new.status IN ('paid', 'refunded') BEGIN
  UPDATE `subscribers` SET first_paid_at = (SELECT min(paid_at) FROM `payments` WHERE subscriber_id = new.subscriber_id AND status IN ('paid', 'refunded')) WHERE id = new.subscriber_id;
END;
--> statement-breakpoint
CREATE TRIGGER `subscribers_first_paid_delete` AFTER DELETE ON `payments` WHEN old.status IN ('paid', 'refunded') BEGIN
  UPDATE `subscribers` SET first_paid_at = (SELECT min(paid_at) FROM `payments` WHERE subscriber_id = old.subscriber_id AND status IN ('paid', 'refunded')) WHERE id = old.subscriber_id;
END;
--> statement-breakpoint
CREATE TRIGGER `subscribers_first_paid_update` AFTER UPDATE OF status, paid_at, subscriber_id ON `payments` BEGIN
  UPDATE `subscribers` SET first_paid_at = (SELECT min(paid_at) FROM `payments` WHERE subscriber_id = old.subscriber_id AND status IN ('paid', 'refunded')) WHERE id = old.subscriber_id;
  UPDATE `subscribers` SET first_paid_at = (SELECT min(paid_at) FROM `payments` WHERE subscriber_id = new.subscriber_id AND status IN ('paid', 'refunded')) WHERE id = new.subscriber_id AND new.subscriber_id != old.subscriber_id;
END;
