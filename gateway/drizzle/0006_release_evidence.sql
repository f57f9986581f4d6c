DROP INDEX `release_samples_version_idx`;--> statement-breakpoint
ALTER TABLE `release_samples` ADD `pageLoad` text;--> statement-breakpoint
ALTER TABLE `release_samples` ADD `source` text;--> statement-breakpoint
CREATE INDEX `release_samples_version_source_idx` ON `release_samples` (`remote`,`version`,`kind`,`createdAt`,`source`);--> statement-breakpoint
CREATE UNIQUE INDEX `release_samples_page_load_idx` ON `release_samples` (`pageLoad`,`remote`,`kind`);