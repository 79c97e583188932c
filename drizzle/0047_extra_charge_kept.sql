ALTER TABLE `payments` ADD `extra_charge_kept_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `extra_charge_kept_by` text;--> statement-breakpoint
-- Hand-written: an extra charge the owner keeps counts as revenue (docs/decisions/054-month-close.md).
-- The revenue part of `payment_month_shares` takes a kept one, and the update triggers also follow
-- `extra_charge_kept_at`. No payment is kept before this migration, so the totals need no rebuild.
DROP VIEW `payment_month_shares`;
--> statement-breakpoint
CREATE VIEW `payment_month_shares` AS
  SELECT id AS payment_id,
      (SELECT m.month FROM `sao_paulo_months` m WHERE m.starts_at <= paid_at ORDER BY m.starts_at DESC LIMIT 1) AS month,
      amount AS revenue, 0 AS begun, 0 AS ended, 0 AS renewed
    FROM `payments` WHERE status = 'paid' AND paid_at IS NOT NULL AND (extra_charge IS NULL OR extra_charge_kept_at IS NOT NULL)
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
CREATE TRIGGER `payment_month_totals_update_old` BEFORE UPDATE OF status, amount, paid_at, previous_end_date, period_end_date, extra_charge, extra_charge_kept_at ON `payments` BEGIN
  INSERT INTO `payment_month_totals` (month, revenue, periods_begun, periods_ended, periods_renewed)
    SELECT month, -revenue, -begun, -ended, -renewed FROM `payment_month_shares` WHERE payment_id = old.id
    ON CONFLICT (month) DO UPDATE SET revenue = revenue + excluded.revenue, periods_begun = periods_begun + excluded.periods_begun,
      periods_ended = periods_ended + excluded.periods_ended, periods_renewed = periods_renewed + excluded.periods_renewed;
END;
--> statement-breakpoint
CREATE TRIGGER `payment_month_totals_update_new` AFTER UPDATE OF status, amount, paid_at, previous_end_date, period_end_date, extra_charge, extra_charge_kept_at ON `payments` BEGIN
  INSERT INTO `payment_month_totals` (month, revenue, periods_begun, periods_ended, periods_renewed)
    SELECT month, revenue, begun, ended, renewed FROM `payment_month_shares` WHERE payment_id = new.id
    ON CONFLICT (month) DO UPDATE SET revenue = revenue + excluded.revenue, periods_begun = periods_begun + excluded.periods_begun,
      periods_ended = periods_ended + excluded.periods_ended, periods_renewed = periods_renewed + excluded.periods_renewed;
END;
