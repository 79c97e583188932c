-- What each checkout and webhook writes (issue 26; ADR 043, section "Fewer pages per write").
--
-- 1. Two indexes that are prefixes of others: `status` alone is served by the (status, …) indexes,
--    `subscriber_id` alone by payments_subscriber_status_paid_idx. Each cost a page per insert.
DROP INDEX `subscribers_status_idx`;--> statement-breakpoint
DROP INDEX `payments_subscriber_idx`;--> statement-breakpoint
-- 2. Partial indexes on the columns a new subscriber leaves NULL (account, referrer, period end,
--    first payment) and most payments leave NULL (provider order, refund, extra charge, in-page PIX
--    deadline): a NULL writes no index entry. Every query on them compares the column, which
--    SQLite knows implies IS NOT NULL, so the same plans hold (query-plans.test.ts).
DROP INDEX `subscribers_user_idx`;--> statement-breakpoint
DROP INDEX `subscribers_referred_by_idx`;--> statement-breakpoint
DROP INDEX `subscribers_end_date_idx`;--> statement-breakpoint
DROP INDEX `subscribers_first_paid_idx`;--> statement-breakpoint
CREATE INDEX `subscribers_user_idx` ON `subscribers` (`user_id`) WHERE "subscribers"."user_id" is not null;--> statement-breakpoint
CREATE INDEX `subscribers_referred_by_idx` ON `subscribers` (`referred_by`) WHERE "subscribers"."referred_by" is not null;--> statement-breakpoint
CREATE INDEX `subscribers_end_date_idx` ON `subscribers` (`subscription_end_date`) WHERE "subscribers"."subscription_end_date" is not null;--> statement-breakpoint
CREATE INDEX `subscribers_first_paid_idx` ON `subscribers` (`first_paid_at`) WHERE "subscribers"."first_paid_at" is not null;--> statement-breakpoint
DROP INDEX `payments_provider_order_idx`;--> statement-breakpoint
DROP INDEX `payments_refund_status_idx`;--> statement-breakpoint
DROP INDEX `payments_extra_charge_of_idx`;--> statement-breakpoint
DROP INDEX `payments_status_pix_expires_idx`;--> statement-breakpoint
CREATE INDEX `payments_provider_order_idx` ON `payments` (`provider_order_id`) WHERE "payments"."provider_order_id" is not null;--> statement-breakpoint
CREATE INDEX `payments_refund_status_idx` ON `payments` (`refund_status`) WHERE "payments"."refund_status" is not null;--> statement-breakpoint
CREATE INDEX `payments_extra_charge_of_idx` ON `payments` (`extra_charge_of`) WHERE "payments"."extra_charge_of" is not null;--> statement-breakpoint
CREATE INDEX `payments_status_pix_expires_idx` ON `payments` (`status`,`pix_expires_at`) WHERE "payments"."pix_expires_at" is not null;
