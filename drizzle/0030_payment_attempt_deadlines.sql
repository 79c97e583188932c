DROP INDEX `payments_status_pix_expires_idx`;--> statement-breakpoint
ALTER TABLE `payments` ADD `attempt_started_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `deadline_cancelled_at` integer;--> statement-breakpoint
CREATE INDEX `payments_deadline_cancelled_idx` ON `payments` (`deadline_cancelled_at`) WHERE "payments"."deadline_cancelled_at" is not null;