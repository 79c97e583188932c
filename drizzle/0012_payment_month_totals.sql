CREATE TABLE `payment_month_totals` (
	`month` integer PRIMARY KEY NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL,
	`periods_begun` integer DEFAULT 0 NOT NULL,
	`periods_ended` integer DEFAULT 0 NOT NULL
);
