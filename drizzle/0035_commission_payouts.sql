CREATE TABLE `commission_payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`count` integer NOT NULL,
	`referrers` integer NOT NULL,
	`total` integer NOT NULL,
	`paid_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commission_payouts_key_uq` ON `commission_payouts` (`admin_id`,`idempotency_key`);--> statement-breakpoint
ALTER TABLE `subscribers` ADD `payout_pix_key` text;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `payout_pix_key_type` text;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `payout_pix_key_updated_at` integer;--> statement-breakpoint
ALTER TABLE `referrals` ADD `payout_id` text;--> statement-breakpoint
ALTER TABLE `referrals` ADD `payout_pix_key` text;--> statement-breakpoint
ALTER TABLE `referrals` ADD `payout_pix_key_type` text;--> statement-breakpoint
CREATE INDEX `referrals_payout_idx` ON `referrals` (`payout_id`) WHERE "referrals"."payout_id" is not null;--> statement-breakpoint
CREATE INDEX `referrals_status_confirmed_idx` ON `referrals` (`status`,`confirmed_at`);