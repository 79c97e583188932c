CREATE TABLE `automatic_renewals` (
	`subscriber_id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`provider_customer_id` text,
	`provider_card_id` text,
	`card_brand` text,
	`card_last4` text,
	`card_exp_month` integer,
	`card_exp_year` integer,
	`card_saved_at` integer,
	`enabled` integer DEFAULT false NOT NULL,
	`consent_at` integer,
	`consent_text` text,
	`disabled_at` integer,
	`disabled_by` text,
	`notice_for` integer,
	`card_notice_for` integer,
	`grace_until` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `automatic_renewals_enabled_idx` ON `automatic_renewals` (`enabled`) WHERE "automatic_renewals"."enabled" = 1;--> statement-breakpoint
CREATE INDEX `automatic_renewals_grace_idx` ON `automatic_renewals` (`grace_until`) WHERE "automatic_renewals"."grace_until" is not null;--> statement-breakpoint
CREATE TABLE `renewal_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`subscriber_id` text NOT NULL,
	`period_end` integer NOT NULL,
	`attempt` integer NOT NULL,
	`payment_id` text NOT NULL,
	`outcome_noticed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `renewal_attempts_period_attempt_uq` ON `renewal_attempts` (`subscriber_id`,`period_end`,`attempt`);--> statement-breakpoint
CREATE INDEX `renewal_attempts_payment_idx` ON `renewal_attempts` (`payment_id`);