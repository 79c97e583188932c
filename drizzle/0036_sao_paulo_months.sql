CREATE TABLE `sao_paulo_months` (
	`month` integer PRIMARY KEY NOT NULL,
	`starts_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sao_paulo_months_starts_at_idx` ON `sao_paulo_months` (`starts_at`);