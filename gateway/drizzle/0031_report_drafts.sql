ALTER TABLE `monthly_reports` ADD `nextSteps` text;--> statement-breakpoint
ALTER TABLE `monthly_reports` ADD `status` text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE `monthly_reports` ADD `publishedAt` integer;--> statement-breakpoint
ALTER TABLE `monthly_reports` ADD `fetched` text;--> statement-breakpoint
-- Every report from before drafts was shown to its client: it stays shown, published when it was stored (decision 0094).
UPDATE `monthly_reports` SET `status` = 'published', `publishedAt` = cast(unixepoch('subsec') * 1000 as integer);
