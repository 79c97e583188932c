CREATE TABLE `renewal_reminders` (
	`subscriber_id` text NOT NULL,
	`threshold_days` integer NOT NULL,
	`period_end` integer NOT NULL,
	`payment_link_id` text,
	`sent_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`subscriber_id`, `threshold_days`, `period_end`),
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
