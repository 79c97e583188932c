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
CREATE UNIQUE INDEX `list_messages_key_uq` ON `list_messages` (`admin_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `payments_extra_charge_idx` ON `payments` (`extra_charge`,`created_at`) WHERE "payments"."extra_charge" is not null;--> statement-breakpoint
CREATE INDEX `payments_verifying_idx` ON `payments` (`verifying_since`,`created_at`) WHERE "payments"."verifying_since" is not null;--> statement-breakpoint
CREATE INDEX `payments_chargedback_idx` ON `payments` (`chargedback_at`,`created_at`) WHERE "payments"."chargedback_at" is not null;--> statement-breakpoint
CREATE INDEX `subscribers_end_date_sort_idx` ON `subscribers` (`subscription_end_date`,`created_at`);