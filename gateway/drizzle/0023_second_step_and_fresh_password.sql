ALTER TABLE `sessions` ADD `passwordAt` integer;--> statement-breakpoint
ALTER TABLE `totp_factors` ADD `setupSession` text;--> statement-breakpoint
ALTER TABLE `users` ADD `secondStepAt` integer;--> statement-breakpoint
-- A client with a confirmed authenticator app chose a second step and was given recovery codes: they keep being
-- asked. A client with passkeys alone had no recovery codes: the password signs them in again (decision 0083).
UPDATE `users` SET `secondStepAt` = (cast(unixepoch('subsec') * 1000 as integer))
  WHERE `role` = 'client' AND `id` IN (SELECT `userId` FROM `totp_factors` WHERE `confirmedAt` IS NOT NULL);
