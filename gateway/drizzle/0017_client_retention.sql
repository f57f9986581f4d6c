CREATE TABLE `client_holds` (
	`clientId` integer PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`userId` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`clientId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `users_disabled_idx` ON `users` (`disabledAt`);