CREATE TABLE `privacy_copies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`requestId` integer NOT NULL,
	`tokenHash` text NOT NULL,
	`expiresAt` integer NOT NULL,
	`sentBy` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`downloads` integer DEFAULT 0 NOT NULL,
	`lastDownloadAt` integer,
	FOREIGN KEY (`requestId`) REFERENCES `privacy_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sentBy`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `privacy_copies_token_key` ON `privacy_copies` (`tokenHash`);--> statement-breakpoint
CREATE INDEX `privacy_copies_request_idx` ON `privacy_copies` (`requestId`);--> statement-breakpoint
CREATE INDEX `privacy_copies_sent_by_idx` ON `privacy_copies` (`sentBy`);