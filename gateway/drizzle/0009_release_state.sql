CREATE TABLE `release_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`revision` integer,
	`actor` text NOT NULL,
	`host` text NOT NULL,
	`action` text NOT NULL,
	`remote` text,
	`version` text,
	`details` text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `release_actions_revision_idx` ON `release_actions` (`revision`);--> statement-breakpoint
CREATE INDEX `release_actions_remote_idx` ON `release_actions` (`remote`,`id`);--> statement-breakpoint
CREATE TABLE `release_remotes` (
	`remote` text PRIMARY KEY NOT NULL,
	`current` text NOT NULL,
	`previous` text DEFAULT '[]' NOT NULL,
	`canaryVersion` text,
	`canaryPercent` integer,
	`canaryStartedAt` integer,
	`abortVersion` text,
	`abortAt` integer,
	`abortReason` text,
	`abortAutomatic` integer
);
