DROP TABLE `marketing_articles`;--> statement-breakpoint
ALTER TABLE `quotes` DROP COLUMN `websiteUrl`;--> statement-breakpoint
ALTER TABLE `quotes` DROP COLUMN `businessNeeds`;--> statement-breakpoint
ALTER TABLE `quotes` DROP COLUMN `competitorInfo`;--> statement-breakpoint
ALTER TABLE `quotes` DROP COLUMN `targetCustomers`;--> statement-breakpoint
ALTER TABLE `quotes` DROP COLUMN `budgetRange`;--> statement-breakpoint
ALTER TABLE `quotes` DROP COLUMN `timeline`;