CREATE TABLE `report_share_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reportId` integer NOT NULL,
	`tokenHash` text NOT NULL,
	`createdBy` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expiresAt` integer NOT NULL,
	`revokedAt` integer,
	`recipient` text,
	`opens` integer DEFAULT 0 NOT NULL,
	`firstOpenedAt` integer,
	`lastOpenedAt` integer,
	FOREIGN KEY (`reportId`) REFERENCES `monthly_reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`createdBy`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_share_links_tokenHash_unique` ON `report_share_links` (`tokenHash`);--> statement-breakpoint
CREATE INDEX `report_share_links_report_idx` ON `report_share_links` (`reportId`);--> statement-breakpoint
CREATE INDEX `report_share_links_created_by_idx` ON `report_share_links` (`createdBy`);