CREATE TABLE `google_connections` (
	`clientId` integer PRIMARY KEY NOT NULL,
	`refreshToken` text,
	`scopes` text DEFAULT '' NOT NULL,
	`connectedBy` integer,
	`connectedAt` integer NOT NULL,
	`ga4Property` text,
	`ga4PropertyName` text,
	`searchConsoleSite` text,
	`lastFetchAt` integer,
	`lastFetchedDay` text,
	`backfillFrom` text,
	`lastError` text,
	`lastErrorAt` integer,
	`failures` integer DEFAULT 0 NOT NULL,
	`retryAt` integer,
	FOREIGN KEY (`clientId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connectedBy`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `google_connections_connected_by_idx` ON `google_connections` (`connectedBy`);--> statement-breakpoint
CREATE TABLE `google_daily_figures` (
	`clientId` integer NOT NULL,
	`day` text NOT NULL,
	`sessions` integer,
	`totalUsers` integer,
	`keyEvents` real,
	`organicSessions` integer,
	`paidSessions` integer,
	`clicks` integer,
	`impressions` integer,
	`ctr` real,
	`position` real,
	`topQueries` text,
	`topPages` text,
	`searchFinal` integer,
	`fetchedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`clientId`, `day`),
	FOREIGN KEY (`clientId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `google_oauth_attempts` (
	`stateHash` text PRIMARY KEY NOT NULL,
	`clientId` integer NOT NULL,
	`staffId` integer NOT NULL,
	`codeVerifier` text NOT NULL,
	`expiresAt` integer NOT NULL,
	FOREIGN KEY (`clientId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staffId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `google_oauth_attempts_expires_idx` ON `google_oauth_attempts` (`expiresAt`);--> statement-breakpoint
CREATE INDEX `google_oauth_attempts_staff_idx` ON `google_oauth_attempts` (`staffId`);--> statement-breakpoint
CREATE INDEX `google_oauth_attempts_client_idx` ON `google_oauth_attempts` (`clientId`);