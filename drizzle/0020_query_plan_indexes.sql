DROP INDEX `payment_links_subscriber_idx`;--> statement-breakpoint
CREATE INDEX `payment_links_subscriber_status_idx` ON `payment_links` (`subscriber_id`,`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `payments_status_pix_expires_idx` ON `payments` (`status`,`pix_expires_at`);--> statement-breakpoint
CREATE INDEX `deletion_requests_subscriber_idx` ON `deletion_requests` (`subscriber_id`,`requested_at`);