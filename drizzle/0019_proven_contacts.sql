CREATE TABLE `account_phones` (
	`user_id` text PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`proven_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `email_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`subscriber_id` text,
	`old_email` text NOT NULL,
	`new_email` text NOT NULL,
	`token_hash` text NOT NULL,
	`requested_by` text NOT NULL,
	`requested_by_id` text,
	`expires_at` integer NOT NULL,
	`confirmed_at` integer,
	`cancelled_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_changes_token_hash_unique` ON `email_changes` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_changes_user_idx` ON `email_changes` (`user_id`);--> statement-breakpoint
CREATE INDEX `email_changes_subscriber_idx` ON `email_changes` (`subscriber_id`);--> statement-breakpoint
CREATE TABLE `phone_proof_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`phone` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`proven_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `phone_proof_codes_user_idx` ON `phone_proof_codes` (`user_id`,`created_at`);