-- Custom SQL migration file, put your code below! --
-- Active members kept by the database (issue 24, docs/decisions/044-active-members-kept-by-triggers.md).
-- Drizzle's schema cannot declare views or triggers: KEEP THIS MIGRATION VERBATIM when migrations are
-- regenerated (`npx drizzle-kit generate --custom --name active_member_spans_triggers`, then this text).
--
-- 1. The definition (services/active-members.ts): a paid period counts from the subscriber's
--    approval on, and not at all while the record is switched off (`inactive`).
CREATE VIEW `active_member_periods` AS
  SELECT p.subscriber_id, max(p.begins_at, s.approved_at) AS starts_at, p.ends_at
    FROM `paid_periods` p JOIN `subscribers` s ON s.id = p.subscriber_id
    WHERE s.approved_at IS NOT NULL AND s.status <> 'inactive' AND p.ends_at > max(p.begins_at, s.approved_at);
--> statement-breakpoint
-- 2. A subscriber's spans computed again, in one place: their periods sorted by start, a new span
--    wherever a period starts after every earlier one has ended (overlapping or touching periods make
--    one span, so a double charge counts once). The queued row is removed at once.
CREATE TRIGGER `member_span_refreshes_run` AFTER INSERT ON `member_span_refreshes` BEGIN
  DELETE FROM `member_spans` WHERE subscriber_id = new.subscriber_id;
  INSERT INTO `member_spans` (subscriber_id, starts_at, ends_at)
    SELECT new.subscriber_id, min(starts_at), max(ends_at) FROM (
      SELECT starts_at, ends_at,
          sum(reached IS NULL OR reached < starts_at) OVER (ORDER BY starts_at, ends_at ROWS UNBOUNDED PRECEDING) AS island
        FROM (
          SELECT starts_at, ends_at,
              max(ends_at) OVER (ORDER BY starts_at, ends_at ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS reached
            FROM `active_member_periods` WHERE subscriber_id = new.subscriber_id))
    GROUP BY island;
  DELETE FROM `member_span_refreshes` WHERE rowid = new.rowid;
END;
--> statement-breakpoint
-- 3. `member_month_totals`: each span counted in the São Paulo month it began and the month it ended
--    (`sao_paulo_month`, the app's calendar registered by db/club-calendar.ts).
CREATE TRIGGER `member_month_totals_insert` AFTER INSERT ON `member_spans` BEGIN
  INSERT INTO `member_month_totals` (month, spans_begun, spans_ended) VALUES (sao_paulo_month(new.starts_at), 1, 0)
    ON CONFLICT (month) DO UPDATE SET spans_begun = spans_begun + excluded.spans_begun;
  INSERT INTO `member_month_totals` (month, spans_begun, spans_ended) VALUES (sao_paulo_month(new.ends_at), 0, 1)
    ON CONFLICT (month) DO UPDATE SET spans_ended = spans_ended + excluded.spans_ended;
END;
--> statement-breakpoint
CREATE TRIGGER `member_month_totals_delete` AFTER DELETE ON `member_spans` BEGIN
  INSERT INTO `member_month_totals` (month, spans_begun, spans_ended) VALUES (sao_paulo_month(old.starts_at), -1, 0)
    ON CONFLICT (month) DO UPDATE SET spans_begun = spans_begun + excluded.spans_begun;
  INSERT INTO `member_month_totals` (month, spans_begun, spans_ended) VALUES (sao_paulo_month(old.ends_at), 0, -1)
    ON CONFLICT (month) DO UPDATE SET spans_ended = spans_ended + excluded.spans_ended;
END;
--> statement-breakpoint
-- 4. What changes a subscriber's spans: a paid payment with a period written, changed or removed
--    (a confirmation inserts the payment, then writes the period it bought: only that update
--    counts); the approval date; switching the record off or on; the record removed.
CREATE TRIGGER `member_spans_payment_insert` AFTER INSERT ON `payments` WHEN new.status = 'paid' AND new.period_end_date IS NOT NULL BEGIN
  INSERT INTO `member_span_refreshes` (subscriber_id) VALUES (new.subscriber_id);
END;
--> statement-breakpoint
CREATE TRIGGER `member_spans_payment_delete` AFTER DELETE ON `payments` WHEN old.status = 'paid' AND old.period_end_date IS NOT NULL BEGIN
  INSERT INTO `member_span_refreshes` (subscriber_id) VALUES (old.subscriber_id);
END;
--> statement-breakpoint
CREATE TRIGGER `member_spans_payment_update` AFTER UPDATE OF status, paid_at, previous_end_date, period_end_date, subscriber_id ON `payments`
  WHEN (old.status = 'paid' OR new.status = 'paid')
    AND (old.status IS NOT new.status OR old.paid_at IS NOT new.paid_at OR old.previous_end_date IS NOT new.previous_end_date
      OR old.period_end_date IS NOT new.period_end_date OR old.subscriber_id IS NOT new.subscriber_id) BEGIN
  INSERT INTO `member_span_refreshes` (subscriber_id) SELECT old.subscriber_id WHERE old.subscriber_id IS NOT new.subscriber_id;
  INSERT INTO `member_span_refreshes` (subscriber_id) VALUES (new.subscriber_id);
END;
--> statement-breakpoint
CREATE TRIGGER `member_spans_subscriber_update` AFTER UPDATE OF approved_at, status ON `subscribers`
  WHEN old.approved_at IS NOT new.approved_at OR (old.status = 'inactive') IS NOT (new.status = 'inactive') BEGIN
  INSERT INTO `member_span_refreshes` (subscriber_id) VALUES (new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `member_spans_subscriber_delete` AFTER DELETE ON `subscribers` BEGIN
  INSERT INTO `member_span_refreshes` (subscriber_id) VALUES (old.id);
END;
--> statement-breakpoint
-- 5. The spans and totals of an existing database, through the same triggers.
INSERT INTO `member_span_refreshes` (subscriber_id) SELECT DISTINCT subscriber_id FROM `paid_periods`;
