CREATE TABLE `drive_files` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`is_public` integer DEFAULT false NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`type` text NOT NULL,
	`mime` text NOT NULL,
	`extension` text NOT NULL,
	`size` integer NOT NULL,
	`url` text NOT NULL,
	`thumbnail_url` text,
	`original_name` text DEFAULT '' NOT NULL,
	`uploaded_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`uploaded_by` text,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `drive_files_uploaded_idx` ON `drive_files` (`uploaded_at`);--> statement-breakpoint
CREATE INDEX `drive_files_public_idx` ON `drive_files` (`is_public`,`uploaded_at`);