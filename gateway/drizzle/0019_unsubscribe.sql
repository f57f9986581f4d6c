CREATE TABLE `email_suppressions` (
	`addressHash` text PRIMARY KEY NOT NULL,
	`via` text NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `headers` text;