ALTER TABLE `users` ADD `disabledAt` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `invitedAt` integer;