ALTER TABLE `payments` ADD `previous_end_date` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `period_end_date` integer;