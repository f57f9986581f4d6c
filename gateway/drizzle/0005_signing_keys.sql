CREATE TABLE `signing_keys` (
	`name` text PRIMARY KEY NOT NULL,
	`secret` text NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
