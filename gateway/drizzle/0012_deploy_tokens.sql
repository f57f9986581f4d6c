CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`subject` text NOT NULL,
	`details` text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`createdAt`);--> statement-breakpoint
CREATE TABLE `deploy_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`remote` text NOT NULL,
	`label` text NOT NULL,
	`tokenHash` text NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`createdBy` text NOT NULL,
	`expiresAt` integer NOT NULL,
	`revokedAt` integer,
	`lastUsedAt` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deploy_tokens_hash_idx` ON `deploy_tokens` (`tokenHash`);--> statement-breakpoint
ALTER TABLE `release_actions` ADD `actorName` text;--> statement-breakpoint
ALTER TABLE `release_actions` ADD `commit` text;--> statement-breakpoint
ALTER TABLE `release_actions` ADD `message` text;--> statement-breakpoint
CREATE INDEX `release_actions_version_idx` ON `release_actions` (`remote`,`version`,`action`,`id`);