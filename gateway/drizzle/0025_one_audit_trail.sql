CREATE TABLE `audit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`area` text NOT NULL,
	`action` text NOT NULL,
	`actorId` integer,
	`actor` text NOT NULL,
	`subjectType` text NOT NULL,
	`subjectId` integer,
	`before` text,
	`after` text,
	`detail` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`actorId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_events_area_idx` ON `audit_events` (`area`,`id`);--> statement-breakpoint
CREATE INDEX `audit_events_at_idx` ON `audit_events` (`at`);--> statement-breakpoint
CREATE INDEX `audit_events_actor_id_idx` ON `audit_events` (`actorId`);--> statement-breakpoint
CREATE INDEX `audit_events_subject_idx` ON `audit_events` (`subjectType`,`subjectId`);--> statement-breakpoint
CREATE INDEX `audit_events_actor_idx` ON `audit_events` (lower("actor"));--> statement-breakpoint
-- Every row of the four audit stores, oldest first, so the trail's ids keep their order in time (decision 0103).
INSERT INTO `audit_events` (`at`, `area`, `action`, `actorId`, `actor`, `subjectType`, `subjectId`, `before`, `after`, `detail`)
SELECT `at`, `area`, `action`, `actorId`, `actor`, `subjectType`, `subjectId`, `before`, `after`, `detail` FROM (
  SELECT `at`, 1 AS `store`, `id`,
    CASE WHEN `entity` IN ('blog_post', 'case_study', 'service_package', 'content_image') THEN 'content'
      WHEN `entity` = 'account' THEN 'accounts' ELSE 'leads' END AS `area`,
    `action`, `userId` AS `actorId`, `userEmail` AS `actor`, `entity` AS `subjectType`, `entityId` AS `subjectId`,
    `before`, `after`, '' AS `detail`
  FROM `content_audit`
  UNION ALL
  SELECT `createdAt`, 2, `id`, 'releases', `action`, NULL, `actor`, 'deploy token',
    coalesce(json_extract(`details`, '$.id'),
      (SELECT max(d.`id`) FROM `deploy_tokens` d WHERE 'deploy-token:' || d.`remote` || ':' || d.`label` = `subject`)),
    NULL, `details`, `subject`
  FROM `audit_log`
  UNION ALL
  SELECT `at`, 3, `id`, 'accounts', `action`, `actorId`, `actor`, 'account', `subjectId`, NULL, NULL, `subject`
  FROM `security_audit`
  UNION ALL
  SELECT `createdAt`, 4, `id`, 'privacy', `action`, `userId`, `actor`,
    CASE WHEN instr(`subject`, ' #') > 0 THEN substr(`subject`, 1, instr(`subject`, ' #') - 1) ELSE `subject` END,
    CASE WHEN instr(`subject`, ' #') > 0 THEN cast(substr(`subject`, instr(`subject`, ' #') + 2) AS integer) END,
    NULL, NULL, `detail`
  FROM `data_audit`
) ORDER BY `at`, `store`, `id`;
--> statement-breakpoint
DROP TRIGGER `blog_posts_audit_create`;
--> statement-breakpoint
DROP TRIGGER `blog_posts_audit_update`;
--> statement-breakpoint
DROP TRIGGER `blog_posts_audit_delete`;
--> statement-breakpoint
DROP TRIGGER `service_packages_audit_create`;
--> statement-breakpoint
DROP TRIGGER `service_packages_audit_update`;
--> statement-breakpoint
DROP TRIGGER `service_packages_audit_delete`;
--> statement-breakpoint
DROP TRIGGER `content_images_audit_create`;
--> statement-breakpoint
DROP TRIGGER `content_images_audit_delete`;
--> statement-breakpoint
DROP TRIGGER `case_studies_audit_create`;
--> statement-breakpoint
DROP TRIGGER `case_studies_audit_update`;
--> statement-breakpoint
DROP TRIGGER `case_studies_audit_delete`;
--> statement-breakpoint
DROP TABLE `security_audit`;
--> statement-breakpoint
DROP TABLE `content_audit`;
--> statement-breakpoint
DROP TABLE `audit_log`;
--> statement-breakpoint
DROP TABLE `data_audit`;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_audit_create` AFTER INSERT ON `blog_posts` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'blog_post', NEW.`id`, 'create', NULL, json_object('id', NEW.`id`, 'slug', NEW.`slug`, 'title', NEW.`title`, 'excerpt', NEW.`excerpt`, 'body', NEW.`body`, 'imageUrl', NEW.`imageUrl`, 'imageAlt', NEW.`imageAlt`, 'category', NEW.`category`, 'status', NEW.`status`, 'publishedAt', NEW.`publishedAt`, 'faq', json(NEW.`faq`), 'createdAt', NEW.`createdAt`, 'updatedAt', NEW.`updatedAt`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_audit_update` AFTER UPDATE ON `blog_posts` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'blog_post', NEW.`id`, 'update', json_object('id', OLD.`id`, 'slug', OLD.`slug`, 'title', OLD.`title`, 'excerpt', OLD.`excerpt`, 'body', OLD.`body`, 'imageUrl', OLD.`imageUrl`, 'imageAlt', OLD.`imageAlt`, 'category', OLD.`category`, 'status', OLD.`status`, 'publishedAt', OLD.`publishedAt`, 'faq', json(OLD.`faq`), 'createdAt', OLD.`createdAt`, 'updatedAt', OLD.`updatedAt`), json_object('id', NEW.`id`, 'slug', NEW.`slug`, 'title', NEW.`title`, 'excerpt', NEW.`excerpt`, 'body', NEW.`body`, 'imageUrl', NEW.`imageUrl`, 'imageAlt', NEW.`imageAlt`, 'category', NEW.`category`, 'status', NEW.`status`, 'publishedAt', NEW.`publishedAt`, 'faq', json(NEW.`faq`), 'createdAt', NEW.`createdAt`, 'updatedAt', NEW.`updatedAt`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_audit_delete` AFTER DELETE ON `blog_posts` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'blog_post', OLD.`id`, 'delete', json_object('id', OLD.`id`, 'slug', OLD.`slug`, 'title', OLD.`title`, 'excerpt', OLD.`excerpt`, 'body', OLD.`body`, 'imageUrl', OLD.`imageUrl`, 'imageAlt', OLD.`imageAlt`, 'category', OLD.`category`, 'status', OLD.`status`, 'publishedAt', OLD.`publishedAt`, 'faq', json(OLD.`faq`), 'createdAt', OLD.`createdAt`, 'updatedAt', OLD.`updatedAt`), NULL
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `service_packages_audit_create` AFTER INSERT ON `service_packages` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'service_package', NEW.`id`, 'create', NULL, json_object('id', NEW.`id`, 'type', NEW.`type`, 'name', NEW.`name`, 'description', NEW.`description`, 'price', NEW.`price`, 'features', json(NEW.`features`), 'isPopular', NEW.`isPopular`, 'imagePath', NEW.`imagePath`, 'buttonText', NEW.`buttonText`, 'sortOrder', NEW.`sortOrder`, 'isActive', NEW.`isActive`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `service_packages_audit_update` AFTER UPDATE ON `service_packages` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'service_package', NEW.`id`, 'update', json_object('id', OLD.`id`, 'type', OLD.`type`, 'name', OLD.`name`, 'description', OLD.`description`, 'price', OLD.`price`, 'features', json(OLD.`features`), 'isPopular', OLD.`isPopular`, 'imagePath', OLD.`imagePath`, 'buttonText', OLD.`buttonText`, 'sortOrder', OLD.`sortOrder`, 'isActive', OLD.`isActive`), json_object('id', NEW.`id`, 'type', NEW.`type`, 'name', NEW.`name`, 'description', NEW.`description`, 'price', NEW.`price`, 'features', json(NEW.`features`), 'isPopular', NEW.`isPopular`, 'imagePath', NEW.`imagePath`, 'buttonText', NEW.`buttonText`, 'sortOrder', NEW.`sortOrder`, 'isActive', NEW.`isActive`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `service_packages_audit_delete` AFTER DELETE ON `service_packages` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'service_package', OLD.`id`, 'delete', json_object('id', OLD.`id`, 'type', OLD.`type`, 'name', OLD.`name`, 'description', OLD.`description`, 'price', OLD.`price`, 'features', json(OLD.`features`), 'isPopular', OLD.`isPopular`, 'imagePath', OLD.`imagePath`, 'buttonText', OLD.`buttonText`, 'sortOrder', OLD.`sortOrder`, 'isActive', OLD.`isActive`), NULL
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_images_audit_create` AFTER INSERT ON `content_images` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'content_image', NEW.`id`, 'create', NULL, json_object('id', NEW.`id`, 'file', NEW.`file`, 'type', NEW.`type`, 'size', NEW.`size`, 'uploadedBy', NEW.`uploadedBy`, 'createdAt', NEW.`createdAt`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_images_audit_delete` AFTER DELETE ON `content_images` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'content_image', OLD.`id`, 'delete', json_object('id', OLD.`id`, 'file', OLD.`file`, 'type', OLD.`type`, 'size', OLD.`size`, 'uploadedBy', OLD.`uploadedBy`, 'createdAt', OLD.`createdAt`), NULL
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `case_studies_audit_create` AFTER INSERT ON `case_studies` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'case_study', NEW.`id`, 'create', NULL, json_object('id', NEW.`id`, 'title', NEW.`title`, 'slug', NEW.`slug`, 'category', NEW.`category`, 'scenario', NEW.`scenario`, 'challenges', json(NEW.`challenges`), 'strategies', json(NEW.`strategies`), 'results', json(NEW.`results`), 'imagePath', NEW.`imagePath`, 'imageAlt', NEW.`imageAlt`, 'conclusion', NEW.`conclusion`, 'sortOrder', NEW.`sortOrder`, 'isActive', NEW.`isActive`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `case_studies_audit_update` AFTER UPDATE ON `case_studies` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'case_study', NEW.`id`, 'update', json_object('id', OLD.`id`, 'title', OLD.`title`, 'slug', OLD.`slug`, 'category', OLD.`category`, 'scenario', OLD.`scenario`, 'challenges', json(OLD.`challenges`), 'strategies', json(OLD.`strategies`), 'results', json(OLD.`results`), 'imagePath', OLD.`imagePath`, 'imageAlt', OLD.`imageAlt`, 'conclusion', OLD.`conclusion`, 'sortOrder', OLD.`sortOrder`, 'isActive', OLD.`isActive`), json_object('id', NEW.`id`, 'title', NEW.`title`, 'slug', NEW.`slug`, 'category', NEW.`category`, 'scenario', NEW.`scenario`, 'challenges', json(NEW.`challenges`), 'strategies', json(NEW.`strategies`), 'results', json(NEW.`results`), 'imagePath', NEW.`imagePath`, 'imageAlt', NEW.`imageAlt`, 'conclusion', NEW.`conclusion`, 'sortOrder', NEW.`sortOrder`, 'isActive', NEW.`isActive`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `case_studies_audit_delete` AFTER DELETE ON `case_studies` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'case_study', OLD.`id`, 'delete', json_object('id', OLD.`id`, 'title', OLD.`title`, 'slug', OLD.`slug`, 'category', OLD.`category`, 'scenario', OLD.`scenario`, 'challenges', json(OLD.`challenges`), 'strategies', json(OLD.`strategies`), 'results', json(OLD.`results`), 'imagePath', OLD.`imagePath`, 'imageAlt', OLD.`imageAlt`, 'conclusion', OLD.`conclusion`, 'sortOrder', OLD.`sortOrder`, 'isActive', OLD.`isActive`), NULL
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
-- The old stores as read-only views for one release, so an operator's queries keep working (decision 0103).
CREATE VIEW `content_audit` AS SELECT `id`, `at`, `actorId` AS `userId`, `actor` AS `userEmail`, `subjectType` AS `entity`,
  `subjectId` AS `entityId`, `action`, `before`, `after`
FROM `audit_events` WHERE `area` IN ('content', 'accounts', 'leads') AND `action` IN ('create', 'update', 'delete');
--> statement-breakpoint
CREATE VIEW `audit_log` AS SELECT `id`, `at` AS `createdAt`, `actor`, `action`, `detail` AS `subject`,
  coalesce(`after`, '{}') AS `details`
FROM `audit_events` WHERE `area` = 'releases';
--> statement-breakpoint
CREATE VIEW `security_audit` AS SELECT `id`, `at`, `actorId`, `actor`, `subjectId`, `detail` AS `subject`, `action`
FROM `audit_events` WHERE `action` = 'reset-second-factor';
--> statement-breakpoint
CREATE VIEW `data_audit` AS SELECT `id`, `at` AS `createdAt`, `actorId` AS `userId`, `actor`, `action`,
  CASE WHEN `subjectId` IS NULL THEN `subjectType` ELSE `subjectType` || ' #' || `subjectId` END AS `subject`, `detail`
FROM `audit_events` WHERE `area` = 'privacy';
