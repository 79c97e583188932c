CREATE TABLE `proposed_changes` (
	`subscriber_id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`fields` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
