CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`to` text,
	`subject` text,
	`text` text,
	`html` text,
	`headers` text,
	`leadType` text,
	`leadId` integer,
	`event` text,
	`body` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`nextAttemptAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`claimedBy` text,
	`claimedUntil` integer,
	`lastError` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sentAt` integer
);
--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`status`,`nextAttemptAt`);--> statement-breakpoint
CREATE INDEX `outbox_created_idx` ON `outbox` (`createdAt`);--> statement-breakpoint
CREATE INDEX `outbox_to_idx` ON `outbox` (lower("to"));--> statement-breakpoint
CREATE INDEX `outbox_lead_idx` ON `outbox` (`leadType`,`leadId`);--> statement-breakpoint
-- Both outboxes' rows move into the one outbox (decision 0087), oldest first; a failed e-mail whose five tries of the
-- old rule were spent, and a failed notice, are dead (staff see them); other failed e-mails are retried.
INSERT INTO `outbox` (`channel`, `to`, `subject`, `text`, `html`, `headers`, `status`, `attempts`, `nextAttemptAt`, `lastError`, `createdAt`, `sentAt`, `leadType`, `leadId`, `event`, `body`)
SELECT `channel`, `to`, `subject`, `text`, `html`, `headers`, `status`, `attempts`, `nextAttemptAt`, `lastError`, `createdAt`, `sentAt`, `leadType`, `leadId`, `event`, `body` FROM (
  SELECT 'email' AS `channel`, `to`, `subject`, `text`, `html`, `headers`,
    CASE WHEN `status` = 'failed' AND `attempts` >= 5 THEN 'dead' WHEN `status` = 'failed' THEN 'pending' ELSE `status` END AS `status`,
    `attempts`, cast(unixepoch('subsec') * 1000 as integer) AS `nextAttemptAt`, `lastError`, `createdAt`, `sentAt`,
    NULL AS `leadType`, NULL AS `leadId`, NULL AS `event`, NULL AS `body`
  FROM `email_outbox`
  UNION ALL
  SELECT 'webhook', NULL, NULL, NULL, NULL, NULL,
    CASE WHEN `status` = 'failed' THEN 'dead' ELSE `status` END,
    `attempts`, `nextAttemptAt`, `lastError`, `createdAt`, `sentAt`, `leadType`, `leadId`, `event`, `body`
  FROM `webhook_outbox`
) ORDER BY `createdAt`;
--> statement-breakpoint
DROP TABLE `email_outbox`;--> statement-breakpoint
DROP TABLE `webhook_outbox`;