ALTER TABLE `users` DROP COLUMN `resetToken`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `resetTokenExpiry`;