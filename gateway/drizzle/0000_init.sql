CREATE TABLE `password_reset_tokens` (
	`tokenHash` text PRIMARY KEY NOT NULL,
	`userId` integer NOT NULL,
	`expiresAt` integer NOT NULL,
	`usedAt` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`userId`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` integer NOT NULL,
	`expiresAt` integer NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`userId`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`password` text NOT NULL,
	`role` text DEFAULT 'client' NOT NULL,
	`resetToken` text,
	`resetTokenExpiry` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`userId` integer NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`path` text NOT NULL,
	`size` integer DEFAULT 0 NOT NULL,
	`uploadedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `files_user_idx` ON `files` (`userId`);--> statement-breakpoint
CREATE TABLE `metrics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`userId` integer NOT NULL,
	`seo` text,
	`smm` text,
	`sem` text,
	`date` text NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `metrics_user_date_idx` ON `metrics` (`userId`,`date`);--> statement-breakpoint
CREATE TABLE `monthly_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`clientId` integer NOT NULL,
	`reportDate` text NOT NULL,
	`websiteTraffic` integer,
	`organicTraffic` integer,
	`paidTraffic` integer,
	`conversions` integer,
	`conversionRate` real,
	`searchRanking` integer,
	`backlinks` integer,
	`socialEngagement` integer,
	`socialEngagementRate` real,
	`followerGrowth` integer,
	`clickThroughRate` real,
	`costPerClick` real,
	`paidConversionRate` real,
	`notes` text,
	FOREIGN KEY (`clientId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `monthly_reports_client_date_idx` ON `monthly_reports` (`clientId`,`reportDate`);--> statement-breakpoint
CREATE TABLE `case_studies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`category` text,
	`scenario` text,
	`challenges` text DEFAULT '[]' NOT NULL,
	`strategies` text,
	`results` text,
	`imagePath` text,
	`conclusion` text,
	`sortOrder` integer DEFAULT 0 NOT NULL,
	`isActive` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE `marketing_articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`content` text,
	`summary` text,
	`image` text,
	`pubDate` text,
	`source` text,
	`sourceUrl` text,
	`category` text,
	`expirationDate` text,
	`fullContent` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `marketing_articles_sourceUrl_unique` ON `marketing_articles` (`sourceUrl`);--> statement-breakpoint
CREATE TABLE `service_packages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`price` text NOT NULL,
	`features` text DEFAULT '[]' NOT NULL,
	`isPopular` integer DEFAULT false NOT NULL,
	`imagePath` text,
	`buttonText` text DEFAULT 'Get Started' NOT NULL,
	`sortOrder` integer DEFAULT 0 NOT NULL,
	`isActive` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE `consultation_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`businessName` text NOT NULL,
	`contactName` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`businessType` text,
	`currentChallenge` text NOT NULL,
	`goals` text,
	`timeline` text,
	`service` text,
	`serviceRequested` text,
	`submittedAt` text,
	`status` text DEFAULT 'new' NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `consultation_requests_status_idx` ON `consultation_requests` (`status`);--> statement-breakpoint
CREATE INDEX `consultation_requests_created_idx` ON `consultation_requests` (`createdAt`);--> statement-breakpoint
CREATE TABLE `contact_inquiries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`businessName` text NOT NULL,
	`contactName` text NOT NULL,
	`contactEmail` text NOT NULL,
	`contactPhone` text,
	`industry` text,
	`servicesInterested` text DEFAULT '[]' NOT NULL,
	`comments` text,
	`howDidYouHear` text,
	`preferredContactMethod` text DEFAULT 'email' NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_inquiries_status_idx` ON `contact_inquiries` (`status`);--> statement-breakpoint
CREATE INDEX `contact_inquiries_created_idx` ON `contact_inquiries` (`createdAt`);--> statement-breakpoint
CREATE TABLE `conversion_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`eventType` text NOT NULL,
	`userData` text NOT NULL,
	`customData` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `conversion_events_created_idx` ON `conversion_events` (`createdAt`);--> statement-breakpoint
CREATE TABLE `opt_in_leads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`firstName` text NOT NULL,
	`email` text NOT NULL,
	`leadMagnet` text NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `opt_in_leads_created_idx` ON `opt_in_leads` (`createdAt`);--> statement-breakpoint
CREATE TABLE `quotes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`businessName` text,
	`businessType` text,
	`contactName` text,
	`contactEmail` text NOT NULL,
	`contactPhone` text,
	`websiteUrl` text,
	`services` text DEFAULT '[]' NOT NULL,
	`businessNeeds` text,
	`competitorInfo` text,
	`targetCustomers` text,
	`budgetRange` text,
	`timeline` text,
	`additionalNotes` text,
	`pricingDetails` text,
	`totalMonthlyCost` real,
	`totalSetupCost` real,
	`discountApplied` text,
	`finalMonthlyCost` real,
	`finalSetupCost` real,
	`options` text,
	`browserPricing` text,
	`pricingAgreed` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `quotes_status_idx` ON `quotes` (`status`);--> statement-breakpoint
CREATE INDEX `quotes_created_idx` ON `quotes` (`createdAt`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`lastError` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sentAt` integer
);
--> statement-breakpoint
CREATE INDEX `email_outbox_status_idx` ON `email_outbox` (`status`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`resetAt` integer NOT NULL
);
