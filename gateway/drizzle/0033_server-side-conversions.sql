CREATE TABLE `consent_counts` (
	`day` text NOT NULL,
	`analytics` integer NOT NULL,
	`ads` integer NOT NULL,
	`how` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `analytics`, `ads`, `how`)
);
--> statement-breakpoint
CREATE TABLE `conversion_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversionId` integer NOT NULL,
	`platform` text NOT NULL,
	`state` text DEFAULT 'waiting' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`nextAt` integer,
	`reason` text,
	`matchQuality` real,
	`sentAt` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`conversionId`) REFERENCES `conversion_events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversion_deliveries_due_idx` ON `conversion_deliveries` (`nextAt`) WHERE "state" = 'waiting';--> statement-breakpoint
CREATE INDEX `conversion_deliveries_conversion_idx` ON `conversion_deliveries` (`conversionId`);--> statement-breakpoint
CREATE INDEX `conversion_deliveries_platform_created_idx` ON `conversion_deliveries` (`platform`,`createdAt`);--> statement-breakpoint
ALTER TABLE `conversion_events` ADD `eventId` text;--> statement-breakpoint
ALTER TABLE `conversion_events` ADD `eventSourceUrl` text;--> statement-breakpoint
ALTER TABLE `conversion_events` ADD `gaClientId` text;--> statement-breakpoint
ALTER TABLE `conversion_events` ADD `gaSessionId` text;--> statement-breakpoint
ALTER TABLE `conversion_events` ADD `fbp` text;--> statement-breakpoint
ALTER TABLE `conversion_events` ADD `fbc` text;--> statement-breakpoint
ALTER TABLE `conversion_events` ADD `clientAddress` text;--> statement-breakpoint
ALTER TABLE `conversion_events` ADD `userAgent` text;--> statement-breakpoint
ALTER TABLE `conversion_events` ADD `adsConsent` integer;--> statement-breakpoint
ALTER TABLE `conversion_events` ADD `analyticsConsent` integer;