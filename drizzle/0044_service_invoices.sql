CREATE TABLE `service_invoices` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`ref` text,
	`source` text NOT NULL,
	`status` text NOT NULL,
	`number` text,
	`url` text,
	`provider_error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`cancel_wanted` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `service_invoices_ref_unique` ON `service_invoices` (`ref`);--> statement-breakpoint
CREATE INDEX `service_invoices_due_idx` ON `service_invoices` (`next_attempt_at`);