DROP INDEX `files_user_idx`;--> statement-breakpoint
CREATE INDEX `files_user_uploaded_idx` ON `files` (`userId`,`uploadedAt`);--> statement-breakpoint
DROP INDEX `consultation_requests_status_idx`;--> statement-breakpoint
CREATE INDEX `consultation_requests_status_created_idx` ON `consultation_requests` (`status`,`createdAt`);--> statement-breakpoint
DROP INDEX `contact_inquiries_status_idx`;--> statement-breakpoint
CREATE INDEX `contact_inquiries_status_created_idx` ON `contact_inquiries` (`status`,`createdAt`);--> statement-breakpoint
DROP INDEX `quotes_status_idx`;--> statement-breakpoint
CREATE INDEX `quotes_status_created_idx` ON `quotes` (`status`,`createdAt`);--> statement-breakpoint
DROP INDEX `release_samples_version_source_idx`;--> statement-breakpoint
CREATE INDEX `release_samples_figures_idx` ON `release_samples` (`remote`,`version`,`kind`,`createdAt`,`source`,`value`);--> statement-breakpoint
CREATE INDEX `release_samples_at_idx` ON `release_samples` (`createdAt`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expiresAt`);--> statement-breakpoint
CREATE INDEX `rate_limits_reset_idx` ON `rate_limits` (`resetAt`);