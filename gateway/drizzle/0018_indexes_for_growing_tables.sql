DROP INDEX `consultation_requests_remind_idx`;--> statement-breakpoint
CREATE INDEX `consultation_requests_no_clock_idx` ON `consultation_requests` (`id`) WHERE "followUpBy" is null;--> statement-breakpoint
CREATE INDEX `consultation_requests_assigned_idx` ON `consultation_requests` (`assignedTo`);--> statement-breakpoint
CREATE INDEX `consultation_requests_email_idx` ON `consultation_requests` (lower("email"));--> statement-breakpoint
CREATE INDEX `consultation_requests_remind_idx` ON `consultation_requests` (`remindAt`) WHERE "remindedAt" is null and "followedUpAt" is null;--> statement-breakpoint
DROP INDEX `contact_inquiries_remind_idx`;--> statement-breakpoint
CREATE INDEX `contact_inquiries_no_clock_idx` ON `contact_inquiries` (`id`) WHERE "followUpBy" is null;--> statement-breakpoint
CREATE INDEX `contact_inquiries_assigned_idx` ON `contact_inquiries` (`assignedTo`);--> statement-breakpoint
CREATE INDEX `contact_inquiries_email_idx` ON `contact_inquiries` (lower("contactEmail"));--> statement-breakpoint
CREATE INDEX `contact_inquiries_remind_idx` ON `contact_inquiries` (`remindAt`) WHERE "remindedAt" is null and "followedUpAt" is null;--> statement-breakpoint
DROP INDEX `opt_in_leads_remind_idx`;--> statement-breakpoint
CREATE INDEX `opt_in_leads_no_clock_idx` ON `opt_in_leads` (`id`) WHERE "followUpBy" is null;--> statement-breakpoint
CREATE INDEX `opt_in_leads_assigned_idx` ON `opt_in_leads` (`assignedTo`);--> statement-breakpoint
CREATE INDEX `opt_in_leads_email_idx` ON `opt_in_leads` (lower("email"));--> statement-breakpoint
CREATE INDEX `opt_in_leads_remind_idx` ON `opt_in_leads` (`remindAt`) WHERE "remindedAt" is null and "followedUpAt" is null;--> statement-breakpoint
DROP INDEX `quotes_remind_idx`;--> statement-breakpoint
CREATE INDEX `quotes_no_clock_idx` ON `quotes` (`id`) WHERE "followUpBy" is null;--> statement-breakpoint
CREATE INDEX `quotes_assigned_idx` ON `quotes` (`assignedTo`);--> statement-breakpoint
CREATE INDEX `quotes_email_idx` ON `quotes` (lower("contactEmail"));--> statement-breakpoint
CREATE INDEX `quotes_remind_idx` ON `quotes` (`remindAt`) WHERE "remindedAt" is null and "followedUpAt" is null;--> statement-breakpoint
CREATE INDEX `security_audit_actor_idx` ON `security_audit` (`actorId`);--> statement-breakpoint
CREATE INDEX `security_audit_subject_idx` ON `security_audit` (`subjectId`);--> statement-breakpoint
CREATE INDEX `webauthn_challenges_user_idx` ON `webauthn_challenges` (`userId`);--> statement-breakpoint
CREATE INDEX `content_audit_user_idx` ON `content_audit` (`userId`);--> statement-breakpoint
CREATE INDEX `content_audit_entity_idx` ON `content_audit` (`entity`,`entityId`);--> statement-breakpoint
CREATE INDEX `content_audit_email_idx` ON `content_audit` (lower("userEmail"));--> statement-breakpoint
CREATE INDEX `content_images_uploaded_by_idx` ON `content_images` (`uploadedBy`);--> statement-breakpoint
CREATE INDEX `real_talk_audio_uploaded_by_idx` ON `real_talk_audio` (`uploadedBy`);--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`createdAt`);--> statement-breakpoint
CREATE INDEX `email_outbox_to_idx` ON `email_outbox` (lower("to"));--> statement-breakpoint
CREATE INDEX `client_holds_user_idx` ON `client_holds` (`userId`);--> statement-breakpoint
CREATE INDEX `data_audit_user_idx` ON `data_audit` (`userId`);--> statement-breakpoint
CREATE INDEX `lead_events_user_idx` ON `lead_events` (`userId`);--> statement-breakpoint
CREATE INDEX `retention_holds_user_idx` ON `retention_holds` (`userId`);--> statement-breakpoint
CREATE INDEX `webhook_outbox_created_idx` ON `webhook_outbox` (`createdAt`);