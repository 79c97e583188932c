ALTER TABLE `payments` ADD `provider_gross` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `provider_fee` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `provider_net` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `payout_date` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `fees_final` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `fees_checked_at` integer;--> statement-breakpoint
CREATE INDEX `payments_fees_pending_idx` ON `payments` (`fees_checked_at`) WHERE "payments"."fees_final" = 0 and "payments"."provider_charge_id" is not null and "payments"."paid_at" is not null;