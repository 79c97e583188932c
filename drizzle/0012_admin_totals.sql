CREATE TABLE `subscriber_status_counts` (
	`status` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payment_month_totals` (
	`month` integer PRIMARY KEY NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL,
	`periods_begun` integer DEFAULT 0 NOT NULL,
	`periods_ended` integer DEFAULT 0 NOT NULL,
	`periods_renewed` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `subscribers` ADD `first_paid_at` integer;--> statement-breakpoint
CREATE INDEX `subscribers_first_paid_idx` ON `subscribers` (`first_paid_at`);