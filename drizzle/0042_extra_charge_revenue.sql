-- Revenue counts an extra charge (ADR 030: money received that bought nothing) only once the owner
-- decides it: refunded, it is no revenue; still to decide, it is no revenue either
-- (docs/decisions/054-month-close.md). 1. The revenue part of `payment_month_shares` leaves extra
-- charges out; 2. the update triggers also follow `extra_charge`; 3. the totals are rebuilt from the
-- view, so an existing database holds exactly what the triggers keep from now on.
DROP VIEW `payment_month_shares`;
--> statement-breakpoint
CREATE VIEW `payment_month_shares` AS
  SELECT id AS payment_id,
      (SELECT m.month FROM `sao_paulo_months` m WHERE m.starts_at <= paid_at ORDER BY m.starts_at DESC LIMIT 1) AS month,
      amount AS revenue, 0 AS begun, 0 AS ended, 0 AS renewed
    FROM `payments` WHERE status = 'paid' AND paid_at IS NOT NULL AND extra_charge IS NULL
  UNION ALL
  SELECT payment_id, (SELECT m.month FROM `sao_paulo_months` m WHERE m.starts_at <= begins_at ORDER BY m.starts_at DESC LIMIT 1), 0, 1, 0, 0
    FROM `paid_periods`
  UNION ALL
  SELECT payment_id, (SELECT m.month FROM `sao_paulo_months` m WHERE m.starts_at <= ends_at ORDER BY m.starts_at DESC LIMIT 1), 0, 0, 1, 0
    FROM `paid_periods`
  UNION ALL
  SELECT payment_id, (SELECT m.month FROM `sao_paulo_months` m WHERE m.starts_at <= renewed_end ORDER BY m.starts_at DESC LIMIT 1), 0, 0, 0, 1
    FROM `paid_renewals`;
--> statement-breakpoint
DROP TRIGGER `payment_month_totals_update_old`;
--> statement-breakpoint
DROP TRIGGER `payment_month_totals_update_new`;
--> statement-breakpoint
CREATE TRIGGER `payment_month_totals_update_old` BEFORE UPDATE OF status, amount, paid_at, previous_end_date, period_end_date, extra_charge ON `payments` BEGIN
  INSERT INTO `payment_month_totals` (month, revenue, periods_begun, periods_ended, periods_renewed)
    SELECT month, -revenue, -begun, -ended, -renewed FROM `payment_month_shares` WHERE payment_id = old.id
    ON CONFLICT (month) DO UPDATE SET revenue = revenue + excluded.revenue, periods_begun = periods_begun + excluded.periods_begun,
      periods_ended = periods_ended + excluded.periods_ended, periods_renewed = periods_renewed + excluded.periods_renewed;
END;
--> statement-breakpoint
CREATE TRIGGER `payment_month_totals_update_new` AFTER UPDATE OF status, amount, paid_at, previous_end_date, period_end_date, extra_charge ON `payments` BEGIN
  INSERT INTO `payment_month_totals` (month, revenue, periods_begun, periods_ended, periods_renewed)
    SELECT month, revenue, begun, ended, renewed FROM `payment_month_shares` WHERE payment_id = new.id
    ON CONFLICT (month) DO UPDATE SET revenue = revenue + excluded.revenue, periods_begun = periods_begun + excluded.periods_begun,
      periods_ended = periods_ended + excluded.periods_ended, periods_renewed = periods_renewed + excluded.periods_renewed;
END;
--> statement-breakpoint
DELETE FROM `payment_month_totals`;
--> statement-breakpoint
INSERT INTO `payment_month_totals` (month, revenue, periods_begun, periods_ended, periods_renewed)
  SELECT month, sum(revenue), sum(begun), sum(ended), sum(renewed) FROM `payment_month_shares` GROUP BY month;
