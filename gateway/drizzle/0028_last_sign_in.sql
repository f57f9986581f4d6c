ALTER TABLE `users` ADD `lastSignInAt` integer;--> statement-breakpoint
-- Accounts from before the column: a client registered (which signs in) and staff signed in if a session of theirs is
-- left; only staff never seen signing in and invited accounts still waiting for a password count as never signed in.
UPDATE `users` SET `lastSignInAt` = coalesce(
  (SELECT max(`createdAt`) FROM `sessions` WHERE `sessions`.`userId` = `users`.`id` AND `sessions`.`pending` = 0),
  CASE WHEN `role` = 'client' AND `invitedAt` IS NULL THEN `createdAt` END
);
