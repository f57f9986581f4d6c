-- The follow-up clock changed from 24 business hours to 24 hours with weekends and NZ public holidays not counted
-- (decision 0097). Every lead's time is cleared here and worked out again by the follow-up backfill at the gateway's
-- first sweep (SQL cannot: the rule skips NZ holidays); follow-up and reminder marks already made are kept.
UPDATE `contact_inquiries` SET `followUpBy` = NULL, `remindAt` = NULL;--> statement-breakpoint
UPDATE `quotes` SET `followUpBy` = NULL, `remindAt` = NULL;--> statement-breakpoint
UPDATE `consultation_requests` SET `followUpBy` = NULL, `remindAt` = NULL;--> statement-breakpoint
UPDATE `opt_in_leads` SET `followUpBy` = NULL, `remindAt` = NULL;
