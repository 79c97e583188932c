ALTER TABLE `payments` ADD `chargedback_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_amount` integer;