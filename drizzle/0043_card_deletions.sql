CREATE TABLE `card_deletions` (
	`provider_card_id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`provider_customer_id` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `card_deletions_due_idx` ON `card_deletions` (`next_attempt_at`);