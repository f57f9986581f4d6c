CREATE TABLE `real_talk_audio` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file` text NOT NULL,
	`type` text NOT NULL,
	`size` integer NOT NULL,
	`uploadedBy` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`uploadedBy`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `real_talk_audio_file_unique` ON `real_talk_audio` (`file`);--> statement-breakpoint
ALTER TABLE `users` ADD `disabledAt` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `invitedAt` integer;--> statement-breakpoint
ALTER TABLE `opt_in_leads` ADD `audioSentAt` integer;