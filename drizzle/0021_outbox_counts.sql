CREATE TABLE `outbox_counts` (
	`status` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_status_created_idx` ON `outbox` (`status`,`created_at`);