CREATE INDEX `subscribers_name_idx` ON `subscribers` (`name`);--> statement-breakpoint
CREATE INDEX `subscribers_price_idx` ON `subscribers` (`subscription_price`,`created_at`);--> statement-breakpoint
CREATE INDEX `subscribers_status_created_idx` ON `subscribers` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `subscribers_status_approved_idx` ON `subscribers` (`status`,`approved_by`);--> statement-breakpoint
CREATE INDEX `payments_amount_idx` ON `payments` (`amount`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_status_amount_idx` ON `payments` (`status`,`amount`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_status_paid_idx` ON `payments` (`status`,`paid_at`,`amount`);--> statement-breakpoint
CREATE INDEX `payments_status_period_end_idx` ON `payments` (`status`,`period_end_date`,`paid_at`,`previous_end_date`);--> statement-breakpoint
CREATE INDEX `payments_status_previous_end_idx` ON `payments` (`status`,`previous_end_date`);--> statement-breakpoint
CREATE INDEX `payments_subscriber_status_paid_idx` ON `payments` (`subscriber_id`,`status`,`paid_at`);--> statement-breakpoint
CREATE INDEX `payments_transaction_idx` ON `payments` (`transaction_id`);