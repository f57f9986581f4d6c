DROP INDEX `users_username_unique`;--> statement-breakpoint
DROP INDEX `users_email_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_key` ON `users` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_key` ON `users` (lower("email"));--> statement-breakpoint
ALTER TABLE `sessions` ADD `lastUsedAt` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Sessions from before idle limits end as if last used now (7 days idle, 30 days at most; staff 12 hours, 24 hours).
UPDATE `sessions` SET `expiresAt` = min(`expiresAt`, cast(unixepoch('subsec') * 1000 as integer) + 604800000, `createdAt` + 2592000000);--> statement-breakpoint
UPDATE `sessions` SET `expiresAt` = min(`expiresAt`, cast(unixepoch('subsec') * 1000 as integer) + 43200000, `createdAt` + 86400000) WHERE `userId` IN (SELECT `id` FROM `users` WHERE `role` <> 'client');
