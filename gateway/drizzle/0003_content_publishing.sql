CREATE TABLE `blog_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`excerpt` text NOT NULL,
	`body` text NOT NULL,
	`imageUrl` text,
	`imageAlt` text NOT NULL,
	`category` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`publishedAt` integer,
	`faq` text DEFAULT '[]' NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_idx` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `blog_posts_public_idx` ON `blog_posts` (`status`,`publishedAt`);--> statement-breakpoint
CREATE TABLE `content_actor` (
	`id` integer PRIMARY KEY NOT NULL,
	`userId` integer,
	`userEmail` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `content_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`userId` integer,
	`userEmail` text NOT NULL,
	`entity` text NOT NULL,
	`entityId` integer,
	`action` text NOT NULL,
	`before` text,
	`after` text,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `content_audit_at_idx` ON `content_audit` (`at`);--> statement-breakpoint
CREATE TABLE `content_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file` text NOT NULL,
	`type` text NOT NULL,
	`size` integer NOT NULL,
	`uploadedBy` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`uploadedBy`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_images_file_unique` ON `content_images` (`file`);--> statement-breakpoint
CREATE TABLE `content_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`seededAt` integer
);
--> statement-breakpoint
ALTER TABLE `case_studies` ADD `slug` text;--> statement-breakpoint
CREATE UNIQUE INDEX `case_studies_slug_idx` ON `case_studies` (`slug`);--> statement-breakpoint
INSERT INTO `content_state` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `blog_posts_audit_create` AFTER INSERT ON `blog_posts` BEGIN
  INSERT INTO `content_audit` (`userId`, `userEmail`, `entity`, `entityId`, `action`, `before`, `after`)
    SELECT a.`userId`, coalesce(a.`userEmail`, 'system'), 'blog_post', NEW.`id`, 'create', NULL, json_object('id', NEW.`id`, 'slug', NEW.`slug`, 'title', NEW.`title`, 'excerpt', NEW.`excerpt`, 'body', NEW.`body`, 'imageUrl', NEW.`imageUrl`, 'imageAlt', NEW.`imageAlt`, 'category', NEW.`category`, 'status', NEW.`status`, 'publishedAt', NEW.`publishedAt`, 'faq', json(NEW.`faq`), 'createdAt', NEW.`createdAt`, 'updatedAt', NEW.`updatedAt`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_audit_update` AFTER UPDATE ON `blog_posts` BEGIN
  INSERT INTO `content_audit` (`userId`, `userEmail`, `entity`, `entityId`, `action`, `before`, `after`)
    SELECT a.`userId`, coalesce(a.`userEmail`, 'system'), 'blog_post', NEW.`id`, 'update', json_object('id', OLD.`id`, 'slug', OLD.`slug`, 'title', OLD.`title`, 'excerpt', OLD.`excerpt`, 'body', OLD.`body`, 'imageUrl', OLD.`imageUrl`, 'imageAlt', OLD.`imageAlt`, 'category', OLD.`category`, 'status', OLD.`status`, 'publishedAt', OLD.`publishedAt`, 'faq', json(OLD.`faq`), 'createdAt', OLD.`createdAt`, 'updatedAt', OLD.`updatedAt`), json_object('id', NEW.`id`, 'slug', NEW.`slug`, 'title', NEW.`title`, 'excerpt', NEW.`excerpt`, 'body', NEW.`body`, 'imageUrl', NEW.`imageUrl`, 'imageAlt', NEW.`imageAlt`, 'category', NEW.`category`, 'status', NEW.`status`, 'publishedAt', NEW.`publishedAt`, 'faq', json(NEW.`faq`), 'createdAt', NEW.`createdAt`, 'updatedAt', NEW.`updatedAt`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_audit_delete` AFTER DELETE ON `blog_posts` BEGIN
  INSERT INTO `content_audit` (`userId`, `userEmail`, `entity`, `entityId`, `action`, `before`, `after`)
    SELECT a.`userId`, coalesce(a.`userEmail`, 'system'), 'blog_post', OLD.`id`, 'delete', json_object('id', OLD.`id`, 'slug', OLD.`slug`, 'title', OLD.`title`, 'excerpt', OLD.`excerpt`, 'body', OLD.`body`, 'imageUrl', OLD.`imageUrl`, 'imageAlt', OLD.`imageAlt`, 'category', OLD.`category`, 'status', OLD.`status`, 'publishedAt', OLD.`publishedAt`, 'faq', json(OLD.`faq`), 'createdAt', OLD.`createdAt`, 'updatedAt', OLD.`updatedAt`), NULL
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `case_studies_audit_create` AFTER INSERT ON `case_studies` BEGIN
  INSERT INTO `content_audit` (`userId`, `userEmail`, `entity`, `entityId`, `action`, `before`, `after`)
    SELECT a.`userId`, coalesce(a.`userEmail`, 'system'), 'case_study', NEW.`id`, 'create', NULL, json_object('id', NEW.`id`, 'title', NEW.`title`, 'slug', NEW.`slug`, 'category', NEW.`category`, 'scenario', NEW.`scenario`, 'challenges', json(NEW.`challenges`), 'strategies', json(NEW.`strategies`), 'results', json(NEW.`results`), 'imagePath', NEW.`imagePath`, 'conclusion', NEW.`conclusion`, 'sortOrder', NEW.`sortOrder`, 'isActive', NEW.`isActive`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `case_studies_audit_update` AFTER UPDATE ON `case_studies` BEGIN
  INSERT INTO `content_audit` (`userId`, `userEmail`, `entity`, `entityId`, `action`, `before`, `after`)
    SELECT a.`userId`, coalesce(a.`userEmail`, 'system'), 'case_study', NEW.`id`, 'update', json_object('id', OLD.`id`, 'title', OLD.`title`, 'slug', OLD.`slug`, 'category', OLD.`category`, 'scenario', OLD.`scenario`, 'challenges', json(OLD.`challenges`), 'strategies', json(OLD.`strategies`), 'results', json(OLD.`results`), 'imagePath', OLD.`imagePath`, 'conclusion', OLD.`conclusion`, 'sortOrder', OLD.`sortOrder`, 'isActive', OLD.`isActive`), json_object('id', NEW.`id`, 'title', NEW.`title`, 'slug', NEW.`slug`, 'category', NEW.`category`, 'scenario', NEW.`scenario`, 'challenges', json(NEW.`challenges`), 'strategies', json(NEW.`strategies`), 'results', json(NEW.`results`), 'imagePath', NEW.`imagePath`, 'conclusion', NEW.`conclusion`, 'sortOrder', NEW.`sortOrder`, 'isActive', NEW.`isActive`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `case_studies_audit_delete` AFTER DELETE ON `case_studies` BEGIN
  INSERT INTO `content_audit` (`userId`, `userEmail`, `entity`, `entityId`, `action`, `before`, `after`)
    SELECT a.`userId`, coalesce(a.`userEmail`, 'system'), 'case_study', OLD.`id`, 'delete', json_object('id', OLD.`id`, 'title', OLD.`title`, 'slug', OLD.`slug`, 'category', OLD.`category`, 'scenario', OLD.`scenario`, 'challenges', json(OLD.`challenges`), 'strategies', json(OLD.`strategies`), 'results', json(OLD.`results`), 'imagePath', OLD.`imagePath`, 'conclusion', OLD.`conclusion`, 'sortOrder', OLD.`sortOrder`, 'isActive', OLD.`isActive`), NULL
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `service_packages_audit_create` AFTER INSERT ON `service_packages` BEGIN
  INSERT INTO `content_audit` (`userId`, `userEmail`, `entity`, `entityId`, `action`, `before`, `after`)
    SELECT a.`userId`, coalesce(a.`userEmail`, 'system'), 'service_package', NEW.`id`, 'create', NULL, json_object('id', NEW.`id`, 'type', NEW.`type`, 'name', NEW.`name`, 'description', NEW.`description`, 'price', NEW.`price`, 'features', json(NEW.`features`), 'isPopular', NEW.`isPopular`, 'imagePath', NEW.`imagePath`, 'buttonText', NEW.`buttonText`, 'sortOrder', NEW.`sortOrder`, 'isActive', NEW.`isActive`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `service_packages_audit_update` AFTER UPDATE ON `service_packages` BEGIN
  INSERT INTO `content_audit` (`userId`, `userEmail`, `entity`, `entityId`, `action`, `before`, `after`)
    SELECT a.`userId`, coalesce(a.`userEmail`, 'system'), 'service_package', NEW.`id`, 'update', json_object('id', OLD.`id`, 'type', OLD.`type`, 'name', OLD.`name`, 'description', OLD.`description`, 'price', OLD.`price`, 'features', json(OLD.`features`), 'isPopular', OLD.`isPopular`, 'imagePath', OLD.`imagePath`, 'buttonText', OLD.`buttonText`, 'sortOrder', OLD.`sortOrder`, 'isActive', OLD.`isActive`), json_object('id', NEW.`id`, 'type', NEW.`type`, 'name', NEW.`name`, 'description', NEW.`description`, 'price', NEW.`price`, 'features', json(NEW.`features`), 'isPopular', NEW.`isPopular`, 'imagePath', NEW.`imagePath`, 'buttonText', NEW.`buttonText`, 'sortOrder', NEW.`sortOrder`, 'isActive', NEW.`isActive`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `service_packages_audit_delete` AFTER DELETE ON `service_packages` BEGIN
  INSERT INTO `content_audit` (`userId`, `userEmail`, `entity`, `entityId`, `action`, `before`, `after`)
    SELECT a.`userId`, coalesce(a.`userEmail`, 'system'), 'service_package', OLD.`id`, 'delete', json_object('id', OLD.`id`, 'type', OLD.`type`, 'name', OLD.`name`, 'description', OLD.`description`, 'price', OLD.`price`, 'features', json(OLD.`features`), 'isPopular', OLD.`isPopular`, 'imagePath', OLD.`imagePath`, 'buttonText', OLD.`buttonText`, 'sortOrder', OLD.`sortOrder`, 'isActive', OLD.`isActive`), NULL
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_images_audit_create` AFTER INSERT ON `content_images` BEGIN
  INSERT INTO `content_audit` (`userId`, `userEmail`, `entity`, `entityId`, `action`, `before`, `after`)
    SELECT a.`userId`, coalesce(a.`userEmail`, 'system'), 'content_image', NEW.`id`, 'create', NULL, json_object('id', NEW.`id`, 'file', NEW.`file`, 'type', NEW.`type`, 'size', NEW.`size`, 'uploadedBy', NEW.`uploadedBy`, 'createdAt', NEW.`createdAt`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_images_audit_delete` AFTER DELETE ON `content_images` BEGIN
  INSERT INTO `content_audit` (`userId`, `userEmail`, `entity`, `entityId`, `action`, `before`, `after`)
    SELECT a.`userId`, coalesce(a.`userEmail`, 'system'), 'content_image', OLD.`id`, 'delete', json_object('id', OLD.`id`, 'file', OLD.`file`, 'type', OLD.`type`, 'size', OLD.`size`, 'uploadedBy', OLD.`uploadedBy`, 'createdAt', OLD.`createdAt`), NULL
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
