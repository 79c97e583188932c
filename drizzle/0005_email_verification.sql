ALTER TABLE `password_tokens` ADD `purpose` text DEFAULT 'set_password' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
ALTER TABLE `payment_links` ADD `referral_code` text;--> statement-breakpoint
UPDATE `users` SET `email_verified_at` = `created_at` WHERE `role` = 'admin';
