CREATE TABLE `report_schedules` (
	`clientId` integer PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`dayOfMonth` integer NOT NULL,
	`time` text NOT NULL,
	`sendToClient` integer DEFAULT true NOT NULL,
	`extraRecipients` text NOT NULL,
	`updatedBy` integer,
	`updatedAt` integer,
	FOREIGN KEY (`clientId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updatedBy`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `report_schedules_updated_by_idx` ON `report_schedules` (`updatedBy`);--> statement-breakpoint
CREATE TABLE `report_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reportId` integer NOT NULL,
	`to` text NOT NULL,
	`kind` text NOT NULL,
	`queuedAt` integer NOT NULL,
	`outboxId` integer,
	`shareLinkId` integer,
	`attached` integer NOT NULL,
	FOREIGN KEY (`reportId`) REFERENCES `monthly_reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shareLinkId`) REFERENCES `report_share_links`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `report_sends_report_idx` ON `report_sends` (`reportId`);--> statement-breakpoint
CREATE INDEX `report_sends_share_link_idx` ON `report_sends` (`shareLinkId`);--> statement-breakpoint
CREATE INDEX `report_sends_to_idx` ON `report_sends` (lower("to"));--> statement-breakpoint
CREATE UNIQUE INDEX `report_sends_scheduled_once` ON `report_sends` (`reportId`,`to`) WHERE "report_sends"."kind" = 'scheduled';--> statement-breakpoint
ALTER TABLE `outbox` ADD `attachments` text;