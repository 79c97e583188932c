CREATE TABLE `payment_history` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text,
	`payment_link_id` text,
	`source` text NOT NULL,
	`kind` text NOT NULL,
	`details` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_link_id`) REFERENCES `payment_links`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payment_history_payment_idx` ON `payment_history` (`payment_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payment_history_link_idx` ON `payment_history` (`payment_link_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `payments` ADD `attempt` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `verifying_since` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `checked_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `extra_charge` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `extra_charge_of` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `refund_attempt` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `payments_extra_charge_of_idx` ON `payments` (`extra_charge_of`);