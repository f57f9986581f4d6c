-- Lead search (decision 0067): a trigram full-text index of the columns the inbox searches, per lead table, so a
-- search of three or more characters finds its rows through the index instead of reading every lead. External
-- content: the text stays in the lead table; triggers keep the index in step with every write, from any code path.
CREATE VIRTUAL TABLE `contact_inquiries_search` USING fts5(`businessName`, `contactName`, `contactEmail`, content='contact_inquiries', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `contact_inquiries_search`(`contact_inquiries_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `contact_inquiries_search_insert` AFTER INSERT ON `contact_inquiries` BEGIN
  INSERT INTO `contact_inquiries_search`(rowid, `businessName`, `contactName`, `contactEmail`) VALUES (new.`id`, new.`businessName`, new.`contactName`, new.`contactEmail`);
END;
--> statement-breakpoint
CREATE TRIGGER `contact_inquiries_search_delete` AFTER DELETE ON `contact_inquiries` BEGIN
  INSERT INTO `contact_inquiries_search`(`contact_inquiries_search`, rowid, `businessName`, `contactName`, `contactEmail`) VALUES ('delete', old.`id`, old.`businessName`, old.`contactName`, old.`contactEmail`);
END;
--> statement-breakpoint
CREATE TRIGGER `contact_inquiries_search_update` AFTER UPDATE OF `businessName`, `contactName`, `contactEmail` ON `contact_inquiries` BEGIN
  INSERT INTO `contact_inquiries_search`(`contact_inquiries_search`, rowid, `businessName`, `contactName`, `contactEmail`) VALUES ('delete', old.`id`, old.`businessName`, old.`contactName`, old.`contactEmail`);
  INSERT INTO `contact_inquiries_search`(rowid, `businessName`, `contactName`, `contactEmail`) VALUES (new.`id`, new.`businessName`, new.`contactName`, new.`contactEmail`);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `quotes_search` USING fts5(`businessName`, `contactName`, `contactEmail`, content='quotes', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `quotes_search`(`quotes_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `quotes_search_insert` AFTER INSERT ON `quotes` BEGIN
  INSERT INTO `quotes_search`(rowid, `businessName`, `contactName`, `contactEmail`) VALUES (new.`id`, new.`businessName`, new.`contactName`, new.`contactEmail`);
END;
--> statement-breakpoint
CREATE TRIGGER `quotes_search_delete` AFTER DELETE ON `quotes` BEGIN
  INSERT INTO `quotes_search`(`quotes_search`, rowid, `businessName`, `contactName`, `contactEmail`) VALUES ('delete', old.`id`, old.`businessName`, old.`contactName`, old.`contactEmail`);
END;
--> statement-breakpoint
CREATE TRIGGER `quotes_search_update` AFTER UPDATE OF `businessName`, `contactName`, `contactEmail` ON `quotes` BEGIN
  INSERT INTO `quotes_search`(`quotes_search`, rowid, `businessName`, `contactName`, `contactEmail`) VALUES ('delete', old.`id`, old.`businessName`, old.`contactName`, old.`contactEmail`);
  INSERT INTO `quotes_search`(rowid, `businessName`, `contactName`, `contactEmail`) VALUES (new.`id`, new.`businessName`, new.`contactName`, new.`contactEmail`);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `consultation_requests_search` USING fts5(`businessName`, `contactName`, `email`, content='consultation_requests', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `consultation_requests_search`(`consultation_requests_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `consultation_requests_search_insert` AFTER INSERT ON `consultation_requests` BEGIN
  INSERT INTO `consultation_requests_search`(rowid, `businessName`, `contactName`, `email`) VALUES (new.`id`, new.`businessName`, new.`contactName`, new.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `consultation_requests_search_delete` AFTER DELETE ON `consultation_requests` BEGIN
  INSERT INTO `consultation_requests_search`(`consultation_requests_search`, rowid, `businessName`, `contactName`, `email`) VALUES ('delete', old.`id`, old.`businessName`, old.`contactName`, old.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `consultation_requests_search_update` AFTER UPDATE OF `businessName`, `contactName`, `email` ON `consultation_requests` BEGIN
  INSERT INTO `consultation_requests_search`(`consultation_requests_search`, rowid, `businessName`, `contactName`, `email`) VALUES ('delete', old.`id`, old.`businessName`, old.`contactName`, old.`email`);
  INSERT INTO `consultation_requests_search`(rowid, `businessName`, `contactName`, `email`) VALUES (new.`id`, new.`businessName`, new.`contactName`, new.`email`);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `opt_in_leads_search` USING fts5(`firstName`, `email`, content='opt_in_leads', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `opt_in_leads_search`(`opt_in_leads_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `opt_in_leads_search_insert` AFTER INSERT ON `opt_in_leads` BEGIN
  INSERT INTO `opt_in_leads_search`(rowid, `firstName`, `email`) VALUES (new.`id`, new.`firstName`, new.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `opt_in_leads_search_delete` AFTER DELETE ON `opt_in_leads` BEGIN
  INSERT INTO `opt_in_leads_search`(`opt_in_leads_search`, rowid, `firstName`, `email`) VALUES ('delete', old.`id`, old.`firstName`, old.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `opt_in_leads_search_update` AFTER UPDATE OF `firstName`, `email` ON `opt_in_leads` BEGIN
  INSERT INTO `opt_in_leads_search`(`opt_in_leads_search`, rowid, `firstName`, `email`) VALUES ('delete', old.`id`, old.`firstName`, old.`email`);
  INSERT INTO `opt_in_leads_search`(rowid, `firstName`, `email`) VALUES (new.`id`, new.`firstName`, new.`email`);
END;
