CREATE TABLE `subscriber_activity` (
	`id` text PRIMARY KEY NOT NULL,
	`subscriber_id` text NOT NULL,
	`event` text NOT NULL,
	`from_status` text,
	`to_status` text,
	`actor_id` text,
	`actor_kind` text NOT NULL,
	`reason` text,
	`details` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscriber_activity_subscriber_idx` ON `subscriber_activity` (`subscriber_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `subscribers` ADD `cancel_requested_at` integer;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `cancel_requested_by` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `refund_status` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `refund_requested_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `refund_failure_reason` text;--> statement-breakpoint
CREATE INDEX `payments_refund_status_idx` ON `payments` (`refund_status`);