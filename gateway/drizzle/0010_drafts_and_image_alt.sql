CREATE TABLE `content_drafts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`userId` integer NOT NULL,
	`kind` text NOT NULL,
	`itemId` integer NOT NULL,
	`values` text NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_drafts_owner_idx` ON `content_drafts` (`userId`,`kind`,`itemId`);--> statement-breakpoint
ALTER TABLE `case_studies` ADD `imageAlt` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The audit records a case study's image alt text with its other fields.
DROP TRIGGER `case_studies_audit_create`;
--> statement-breakpoint
CREATE TRIGGER `case_studies_audit_create` AFTER INSERT ON `case_studies` BEGIN
  INSERT INTO `content_audit` (`userId`, `userEmail`, `entity`, `entityId`, `action`, `before`, `after`)
    SELECT a.`userId`, coalesce(a.`userEmail`, 'system'), 'case_study', NEW.`id`, 'create', NULL, json_object('id', NEW.`id`, 'title', NEW.`title`, 'slug', NEW.`slug`, 'category', NEW.`category`, 'scenario', NEW.`scenario`, 'challenges', json(NEW.`challenges`), 'strategies', json(NEW.`strategies`), 'results', json(NEW.`results`), 'imagePath', NEW.`imagePath`, 'imageAlt', NEW.`imageAlt`, 'conclusion', NEW.`conclusion`, 'sortOrder', NEW.`sortOrder`, 'isActive', NEW.`isActive`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
DROP TRIGGER `case_studies_audit_update`;
--> statement-breakpoint
CREATE TRIGGER `case_studies_audit_update` AFTER UPDATE ON `case_studies` BEGIN
  INSERT INTO `content_audit` (`userId`, `userEmail`, `entity`, `entityId`, `action`, `before`, `after`)
    SELECT a.`userId`, coalesce(a.`userEmail`, 'system'), 'case_study', NEW.`id`, 'update', json_object('id', OLD.`id`, 'title', OLD.`title`, 'slug', OLD.`slug`, 'category', OLD.`category`, 'scenario', OLD.`scenario`, 'challenges', json(OLD.`challenges`), 'strategies', json(OLD.`strategies`), 'results', json(OLD.`results`), 'imagePath', OLD.`imagePath`, 'imageAlt', OLD.`imageAlt`, 'conclusion', OLD.`conclusion`, 'sortOrder', OLD.`sortOrder`, 'isActive', OLD.`isActive`), json_object('id', NEW.`id`, 'title', NEW.`title`, 'slug', NEW.`slug`, 'category', NEW.`category`, 'scenario', NEW.`scenario`, 'challenges', json(NEW.`challenges`), 'strategies', json(NEW.`strategies`), 'results', json(NEW.`results`), 'imagePath', NEW.`imagePath`, 'imageAlt', NEW.`imageAlt`, 'conclusion', NEW.`conclusion`, 'sortOrder', NEW.`sortOrder`, 'isActive', NEW.`isActive`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
DROP TRIGGER `case_studies_audit_delete`;
--> statement-breakpoint
CREATE TRIGGER `case_studies_audit_delete` AFTER DELETE ON `case_studies` BEGIN
  INSERT INTO `content_audit` (`userId`, `userEmail`, `entity`, `entityId`, `action`, `before`, `after`)
    SELECT a.`userId`, coalesce(a.`userEmail`, 'system'), 'case_study', OLD.`id`, 'delete', json_object('id', OLD.`id`, 'title', OLD.`title`, 'slug', OLD.`slug`, 'category', OLD.`category`, 'scenario', OLD.`scenario`, 'challenges', json(OLD.`challenges`), 'strategies', json(OLD.`strategies`), 'results', json(OLD.`results`), 'imagePath', OLD.`imagePath`, 'imageAlt', OLD.`imageAlt`, 'conclusion', OLD.`conclusion`, 'sortOrder', OLD.`sortOrder`, 'isActive', OLD.`isActive`), NULL
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
