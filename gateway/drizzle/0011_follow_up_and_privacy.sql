CREATE TABLE `data_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`userId` integer,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`subject` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `data_audit_at_idx` ON `data_audit` (`createdAt`);--> statement-breakpoint
CREATE TABLE `job_leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`until` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `lead_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`leadType` text NOT NULL,
	`leadId` integer NOT NULL,
	`kind` text NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`userId` integer,
	`userName` text NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `lead_events_lead_idx` ON `lead_events` (`leadType`,`leadId`,`createdAt`);--> statement-breakpoint
CREATE TABLE `privacy_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`kind` text NOT NULL,
	`details` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'unconfirmed' NOT NULL,
	`tokenHash` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`confirmedAt` integer,
	`dueAt` integer,
	`doneAt` integer,
	`outcome` text
);
--> statement-breakpoint
CREATE INDEX `privacy_requests_status_idx` ON `privacy_requests` (`status`,`dueAt`);--> statement-breakpoint
CREATE UNIQUE INDEX `privacy_requests_token_key` ON `privacy_requests` (`tokenHash`);--> statement-breakpoint
CREATE TABLE `retention_holds` (
	`leadType` text NOT NULL,
	`leadId` integer NOT NULL,
	`reason` text NOT NULL,
	`userId` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `retention_holds_lead_key` ON `retention_holds` (`leadType`,`leadId`);--> statement-breakpoint
CREATE TABLE `webhook_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`leadType` text NOT NULL,
	`leadId` integer NOT NULL,
	`event` text NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`nextAttemptAt` integer NOT NULL,
	`lastError` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sentAt` integer
);
--> statement-breakpoint
CREATE INDEX `webhook_outbox_due_idx` ON `webhook_outbox` (`status`,`nextAttemptAt`);--> statement-breakpoint
CREATE INDEX `webhook_outbox_lead_idx` ON `webhook_outbox` (`leadType`,`leadId`);--> statement-breakpoint
ALTER TABLE `consultation_requests` ADD `followUpBy` integer;--> statement-breakpoint
ALTER TABLE `consultation_requests` ADD `remindAt` integer;--> statement-breakpoint
ALTER TABLE `consultation_requests` ADD `remindedAt` integer;--> statement-breakpoint
ALTER TABLE `consultation_requests` ADD `followedUpAt` integer;--> statement-breakpoint
ALTER TABLE `consultation_requests` ADD `assignedTo` integer REFERENCES users(id);--> statement-breakpoint
CREATE INDEX `consultation_requests_remind_idx` ON `consultation_requests` (`remindAt`);--> statement-breakpoint
ALTER TABLE `contact_inquiries` ADD `followUpBy` integer;--> statement-breakpoint
ALTER TABLE `contact_inquiries` ADD `remindAt` integer;--> statement-breakpoint
ALTER TABLE `contact_inquiries` ADD `remindedAt` integer;--> statement-breakpoint
ALTER TABLE `contact_inquiries` ADD `followedUpAt` integer;--> statement-breakpoint
ALTER TABLE `contact_inquiries` ADD `assignedTo` integer REFERENCES users(id);--> statement-breakpoint
CREATE INDEX `contact_inquiries_remind_idx` ON `contact_inquiries` (`remindAt`);--> statement-breakpoint
ALTER TABLE `opt_in_leads` ADD `followUpBy` integer;--> statement-breakpoint
ALTER TABLE `opt_in_leads` ADD `remindAt` integer;--> statement-breakpoint
ALTER TABLE `opt_in_leads` ADD `remindedAt` integer;--> statement-breakpoint
ALTER TABLE `opt_in_leads` ADD `followedUpAt` integer;--> statement-breakpoint
ALTER TABLE `opt_in_leads` ADD `assignedTo` integer REFERENCES users(id);--> statement-breakpoint
CREATE INDEX `opt_in_leads_remind_idx` ON `opt_in_leads` (`remindAt`);--> statement-breakpoint
ALTER TABLE `quotes` ADD `followUpBy` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `remindAt` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `remindedAt` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `followedUpAt` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `assignedTo` integer REFERENCES users(id);--> statement-breakpoint
CREATE INDEX `quotes_remind_idx` ON `quotes` (`remindAt`);