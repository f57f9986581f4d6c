-- Lead search folds diacritics (decision 0099): "Ngaruawahia" finds "Ngāruawāhia Plumbing" and the reverse, as te reo
-- Māori place names are common in the Waikato and often typed without macrons. The trigram indexes of migration 0014
-- are made again with `remove_diacritics 1`, which folds both what is stored and what is searched, and rebuilt from
-- their tables; the triggers that keep them in step name them by name and go on working.
DROP TABLE `contact_inquiries_search`;--> statement-breakpoint
CREATE VIRTUAL TABLE `contact_inquiries_search` USING fts5(`businessName`, `contactName`, `contactEmail`, content='contact_inquiries', content_rowid='id', tokenize='trigram remove_diacritics 1');--> statement-breakpoint
INSERT INTO `contact_inquiries_search`(`contact_inquiries_search`) VALUES('rebuild');--> statement-breakpoint
DROP TABLE `quotes_search`;--> statement-breakpoint
CREATE VIRTUAL TABLE `quotes_search` USING fts5(`businessName`, `contactName`, `contactEmail`, content='quotes', content_rowid='id', tokenize='trigram remove_diacritics 1');--> statement-breakpoint
INSERT INTO `quotes_search`(`quotes_search`) VALUES('rebuild');--> statement-breakpoint
DROP TABLE `consultation_requests_search`;--> statement-breakpoint
CREATE VIRTUAL TABLE `consultation_requests_search` USING fts5(`businessName`, `contactName`, `email`, content='consultation_requests', content_rowid='id', tokenize='trigram remove_diacritics 1');--> statement-breakpoint
INSERT INTO `consultation_requests_search`(`consultation_requests_search`) VALUES('rebuild');--> statement-breakpoint
DROP TABLE `opt_in_leads_search`;--> statement-breakpoint
CREATE VIRTUAL TABLE `opt_in_leads_search` USING fts5(`firstName`, `email`, content='opt_in_leads', content_rowid='id', tokenize='trigram remove_diacritics 1');--> statement-breakpoint
INSERT INTO `opt_in_leads_search`(`opt_in_leads_search`) VALUES('rebuild');
