CREATE TABLE `profile_update_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`subscriber_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`verified_at` integer,
	`token_hash` text,
	`token_expires_at` integer,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `profile_update_codes_token_hash_unique` ON `profile_update_codes` (`token_hash`);--> statement-breakpoint
CREATE INDEX `profile_update_codes_subscriber_idx` ON `profile_update_codes` (`subscriber_id`,`created_at`);