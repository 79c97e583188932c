CREATE TABLE `member_month_totals` (
	`month` integer PRIMARY KEY NOT NULL,
	`spans_begun` integer DEFAULT 0 NOT NULL,
	`spans_ended` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `member_span_refreshes` (
	`subscriber_id` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `member_spans` (
	`subscriber_id` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	PRIMARY KEY(`subscriber_id`, `starts_at`)
);
--> statement-breakpoint
CREATE INDEX `member_spans_starts_idx` ON `member_spans` (`starts_at`);--> statement-breakpoint
CREATE INDEX `member_spans_ends_idx` ON `member_spans` (`ends_at`);