CREATE TABLE `activity_log` (
	`id` text PRIMARY KEY NOT NULL,
	`action` text NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_id` text,
	`subscriber_id` text,
	`details` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `activity_log_created_idx` ON `activity_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `activity_log_subscriber_idx` ON `activity_log` (`subscriber_id`);--> statement-breakpoint
CREATE TABLE `deletion_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`subscriber_id` text,
	`user_id` text,
	`status` text DEFAULT 'open' NOT NULL,
	`reason` text,
	`requested_at` integer NOT NULL,
	`due_at` integer NOT NULL,
	`completed_at` integer,
	`completed_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `deletion_requests_status_due_idx` ON `deletion_requests` (`status`,`due_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `deletion_requests_open_uq` ON `deletion_requests` (`subscriber_id`) WHERE "deletion_requests"."status" = 'open';--> statement-breakpoint
ALTER TABLE `outbox` ADD `erase_recipient_on_send` integer DEFAULT false NOT NULL;