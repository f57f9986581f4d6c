CREATE INDEX `conversion_events_email_idx` ON `conversion_events` (lower(json_extract("userData", '$.email')));
