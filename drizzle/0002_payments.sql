CREATE TABLE `subscribers` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`cpf` text,
	`birth_date` text,
	`gender` text,
	`profession` text,
	`shirt_size` text DEFAULT 'M' NOT NULL,
	`wine_preference` text,
	`street` text,
	`number` text,
	`complement` text,
	`neighborhood` text,
	`city` text,
	`state` text,
	`zip_code` text,
	`status` text DEFAULT 'pending_payment' NOT NULL,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`subscription_price` integer DEFAULT 149700 NOT NULL,
	`subscription_start_date` integer,
	`subscription_end_date` integer,
	`admin_notes` text,
	`billing_data` text,
	`approved_by` text,
	`approved_at` integer,
	`profile_completed` integer DEFAULT false NOT NULL,
	`profile_completed_at` integer,
	`created_by` text,
	`last_modified_by` text,
	`referral_code` text NOT NULL,
	`referred_by` text,
	`user_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_email_unique` ON `subscribers` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_referral_code_unique` ON `subscribers` (`referral_code`);--> statement-breakpoint
CREATE INDEX `subscribers_status_idx` ON `subscribers` (`status`);--> statement-breakpoint
CREATE INDEX `subscribers_created_idx` ON `subscribers` (`created_at`);--> statement-breakpoint
CREATE INDEX `subscribers_user_idx` ON `subscribers` (`user_id`);--> statement-breakpoint
CREATE INDEX `subscribers_referred_by_idx` ON `subscribers` (`referred_by`);--> statement-breakpoint
CREATE INDEX `subscribers_phone_idx` ON `subscribers` (`phone`);--> statement-breakpoint
CREATE INDEX `subscribers_end_date_idx` ON `subscribers` (`subscription_end_date`);--> statement-breakpoint
CREATE TABLE `payment_links` (
	`id` text PRIMARY KEY NOT NULL,
	`subscriber_id` text NOT NULL,
	`plan_type` text NOT NULL,
	`amount` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider` text NOT NULL,
	`provider_link_id` text,
	`url` text NOT NULL,
	`customer_name` text NOT NULL,
	`customer_email` text NOT NULL,
	`billing_data` text NOT NULL,
	`payment_id` text,
	`created_by` text,
	`expires_at` integer NOT NULL,
	`paid_at` integer,
	`last_attempt_failed_at` integer,
	`checked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payment_links_subscriber_idx` ON `payment_links` (`subscriber_id`);--> statement-breakpoint
CREATE INDEX `payment_links_provider_link_idx` ON `payment_links` (`provider_link_id`);--> statement-breakpoint
CREATE INDEX `payment_links_status_idx` ON `payment_links` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_id` text,
	`subscriber_id` text NOT NULL,
	`payment_link_id` text,
	`plan_type` text DEFAULT 'annual' NOT NULL,
	`amount` integer NOT NULL,
	`status` text NOT NULL,
	`method` text,
	`card_brand` text,
	`card_last4` text,
	`provider` text NOT NULL,
	`provider_order_id` text,
	`provider_charge_id` text,
	`description` text NOT NULL,
	`failure_reason` text,
	`billing_data` text,
	`pix_code` text,
	`pix_expires_at` integer,
	`paid_at` integer,
	`refund_reason` text,
	`refunded_at` integer,
	`refunded_by` text,
	`confirmation_email_at` integer,
	`welcome_email_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_link_id`) REFERENCES `payment_links`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `payments_subscriber_idx` ON `payments` (`subscriber_id`);--> statement-breakpoint
CREATE INDEX `payments_link_idx` ON `payments` (`payment_link_id`);--> statement-breakpoint
CREATE INDEX `payments_status_idx` ON `payments` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_created_idx` ON `payments` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_charge_uq` ON `payments` (`provider`,`provider_charge_id`);--> statement-breakpoint
CREATE INDEX `payments_provider_order_idx` ON `payments` (`provider_order_id`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`hook_id` text NOT NULL,
	`type` text NOT NULL,
	`result` text DEFAULT 'processed' NOT NULL,
	`received_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_events_hook_uq` ON `webhook_events` (`provider`,`hook_id`);--> statement-breakpoint
CREATE TABLE `referral_clicks` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`visitor_key` text NOT NULL,
	`day` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referral_clicks_once_uq` ON `referral_clicks` (`code`,`visitor_key`,`day`);--> statement-breakpoint
CREATE TABLE `referrals` (
	`id` text PRIMARY KEY NOT NULL,
	`referrer_id` text NOT NULL,
	`referred_id` text NOT NULL,
	`referral_code` text NOT NULL,
	`payment_id` text,
	`commission_amount` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`confirmed_at` integer,
	`paid_at` integer,
	`paid_by` text,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`referrer_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referred_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referrals_referred_id_unique` ON `referrals` (`referred_id`);--> statement-breakpoint
CREATE INDEX `referrals_referrer_idx` ON `referrals` (`referrer_id`,`status`);--> statement-breakpoint
CREATE INDEX `referrals_payment_idx` ON `referrals` (`payment_id`);