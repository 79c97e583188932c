-- Custom SQL migration file, put your code below! --
-- One home per money rule, and São Paulo time from one place (issue 24,
-- docs/decisions/038-one-home-per-money-and-time-rule.md). Drizzle's schema cannot declare views'
-- bodies or triggers: KEEP THIS MIGRATION VERBATIM when migrations are regenerated
-- (`npx drizzle-kit generate --custom --name one_home_money_time`, then this text).
--
-- 1. The money rules, once each, as views. The dashboard's queries read the first two
--    (db/schema/payments.ts declares them); the triggers below read all three.
--    `paid_periods`: a paid payment that extended the subscriber's time; it begins when it was
--    paid, or for a renewal paid early at the end it extended, and ends at `period_end_date`.
CREATE VIEW `paid_periods` AS
  SELECT id AS payment_id, subscriber_id, max(paid_at, coalesce(previous_end_date, 0)) AS begins_at, period_end_date AS ends_at
    FROM `payments`
    WHERE status = 'paid' AND paid_at IS NOT NULL AND period_end_date > max(paid_at, coalesce(previous_end_date, 0));
--> statement-breakpoint
-- `paid_renewals`: a paid payment that extended an end date (the end it renewed).
CREATE VIEW `paid_renewals` AS
  SELECT id AS payment_id, previous_end_date AS renewed_end
    FROM `payments`
    WHERE status = 'paid' AND previous_end_date IS NOT NULL;
--> statement-breakpoint
-- `payment_month_shares`: what one payment adds to `payment_month_totals`, by São Paulo month: its
-- amount to the month it was paid, its paid period to the months it began and ended, its renewal to
-- the month of the end it renewed. `sao_paulo_month(ms)` is the app's own São Paulo calendar
-- (src/shared/sao-paulo-time.ts), registered on every connection by db/client.ts: no offset here.
CREATE VIEW `payment_month_shares` AS
  SELECT id AS payment_id, sao_paulo_month(paid_at) AS month, amount AS revenue, 0 AS begun, 0 AS ended, 0 AS renewed
    FROM `payments` WHERE status = 'paid' AND paid_at IS NOT NULL
  UNION ALL
  SELECT payment_id, sao_paulo_month(begins_at), 0, 1, 0, 0 FROM `paid_periods`
  UNION ALL
  SELECT payment_id, sao_paulo_month(ends_at), 0, 0, 1, 0 FROM `paid_periods`
  UNION ALL
  SELECT payment_id, sao_paulo_month(renewed_end), 0, 0, 0, 1 FROM `paid_renewals`;
--> statement-breakpoint
-- 2. The triggers of migration admin_search_and_totals kept a second copy of those rules, with
--    São Paulo as a fixed UTC−3: replaced by triggers that read the view. A payment's old share is
--    taken out before the write (the row still holds it), its new share added after.
DROP TRIGGER `payment_month_totals_insert`;
--> statement-breakpoint
DROP TRIGGER `payment_month_totals_delete`;
--> statement-breakpoint
DROP TRIGGER `payment_month_totals_update`;
--> statement-breakpoint
CREATE TRIGGER `payment_month_totals_insert` AFTER INSERT ON `payments` BEGIN
  INSERT INTO `payment_month_totals` (month, revenue, periods_begun, periods_ended, periods_renewed)
    SELECT month, revenue, begun, ended, renewed FROM `payment_month_shares` WHERE payment_id = new.id
    ON CONFLICT (month) DO UPDATE SET revenue = revenue + excluded.revenue, periods_begun = periods_begun + excluded.periods_begun,
      periods_ended = periods_ended + excluded.periods_ended, periods_renewed = periods_renewed + excluded.periods_renewed;
END;
--> statement-breakpoint
CREATE TRIGGER `payment_month_totals_delete` BEFORE DELETE ON `payments` BEGIN
  INSERT INTO `payment_month_totals` (month, revenue, periods_begun, periods_ended, periods_renewed)
    SELECT month, -revenue, -begun, -ended, -renewed FROM `payment_month_shares` WHERE payment_id = old.id
    ON CONFLICT (month) DO UPDATE SET revenue = revenue + excluded.revenue, periods_begun = periods_begun + excluded.periods_begun,
      periods_ended = periods_ended + excluded.periods_ended, periods_renewed = periods_renewed + excluded.periods_renewed;
END;
--> statement-breakpoint
CREATE TRIGGER `payment_month_totals_update_old` BEFORE UPDATE OF status, amount, paid_at, previous_end_date, period_end_date ON `payments` BEGIN
  INSERT INTO `payment_month_totals` (month, revenue, periods_begun, periods_ended, periods_renewed)
    SELECT month, -revenue, -begun, -ended, -renewed FROM `payment_month_shares` WHERE payment_id = old.id
    ON CONFLICT (month) DO UPDATE SET revenue = revenue + excluded.revenue, periods_begun = periods_begun + excluded.periods_begun,
      periods_ended = periods_ended + excluded.periods_ended, periods_renewed = periods_renewed + excluded.periods_renewed;
END;
--> statement-breakpoint
CREATE TRIGGER `payment_month_totals_update_new` AFTER UPDATE OF status, amount, paid_at, previous_end_date, period_end_date ON `payments` BEGIN
  INSERT INTO `payment_month_totals` (month, revenue, periods_begun, periods_ended, periods_renewed)
    SELECT month, revenue, begun, ended, renewed FROM `payment_month_shares` WHERE payment_id = new.id
    ON CONFLICT (month) DO UPDATE SET revenue = revenue + excluded.revenue, periods_begun = periods_begun + excluded.periods_begun,
      periods_ended = periods_ended + excluded.periods_ended, periods_renewed = periods_renewed + excluded.periods_renewed;
END;
--> statement-breakpoint
-- 3. The totals rebuilt from the payments through the same view, so an existing database holds
--    exactly what the new triggers would have kept.
DELETE FROM `payment_month_totals`;
--> statement-breakpoint
INSERT INTO `payment_month_totals` (month, revenue, periods_begun, periods_ended, periods_renewed)
  SELECT month, sum(revenue), sum(begun), sum(ended), sum(renewed) FROM `payment_month_shares` GROUP BY month;
