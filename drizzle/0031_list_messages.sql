CREATE TABLE `list_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`message` text NOT NULL,
	`filter` text NOT NULL,
	`sent` integer NOT NULL,
	`skipped` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `list_messages_key_uq` ON `list_messages` (`admin_id`,`idempotency_key`);