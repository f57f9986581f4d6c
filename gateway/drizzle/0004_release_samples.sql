CREATE TABLE `release_samples` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`remote` text NOT NULL,
	`version` text NOT NULL,
	`kind` text NOT NULL,
	`value` real
);
--> statement-breakpoint
CREATE INDEX `release_samples_version_idx` ON `release_samples` (`remote`,`version`,`kind`,`createdAt`);