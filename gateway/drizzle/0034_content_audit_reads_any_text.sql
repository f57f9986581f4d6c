-- The content tables' audit triggers read a JSON column with json(), which refuses text that is not JSON: a row
-- written by hand or by an older version with such text could then be neither saved nor deleted (the trigger failed
-- the statement). They now keep such text as a JSON string in the audit, and JSON as JSON (decision 0111).
DROP TRIGGER `blog_posts_audit_create`;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_audit_create` AFTER INSERT ON `blog_posts` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'blog_post', NEW.`id`, 'create', NULL, json_object('id', NEW.`id`, 'slug', NEW.`slug`, 'title', NEW.`title`, 'excerpt', NEW.`excerpt`, 'body', NEW.`body`, 'imageUrl', NEW.`imageUrl`, 'imageAlt', NEW.`imageAlt`, 'category', NEW.`category`, 'status', NEW.`status`, 'publishedAt', NEW.`publishedAt`, 'faq', CASE WHEN json_valid(NEW.`faq`) THEN json(NEW.`faq`) ELSE NEW.`faq` END, 'createdAt', NEW.`createdAt`, 'updatedAt', NEW.`updatedAt`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
DROP TRIGGER `blog_posts_audit_update`;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_audit_update` AFTER UPDATE ON `blog_posts` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'blog_post', NEW.`id`, 'update', json_object('id', OLD.`id`, 'slug', OLD.`slug`, 'title', OLD.`title`, 'excerpt', OLD.`excerpt`, 'body', OLD.`body`, 'imageUrl', OLD.`imageUrl`, 'imageAlt', OLD.`imageAlt`, 'category', OLD.`category`, 'status', OLD.`status`, 'publishedAt', OLD.`publishedAt`, 'faq', CASE WHEN json_valid(OLD.`faq`) THEN json(OLD.`faq`) ELSE OLD.`faq` END, 'createdAt', OLD.`createdAt`, 'updatedAt', OLD.`updatedAt`), json_object('id', NEW.`id`, 'slug', NEW.`slug`, 'title', NEW.`title`, 'excerpt', NEW.`excerpt`, 'body', NEW.`body`, 'imageUrl', NEW.`imageUrl`, 'imageAlt', NEW.`imageAlt`, 'category', NEW.`category`, 'status', NEW.`status`, 'publishedAt', NEW.`publishedAt`, 'faq', CASE WHEN json_valid(NEW.`faq`) THEN json(NEW.`faq`) ELSE NEW.`faq` END, 'createdAt', NEW.`createdAt`, 'updatedAt', NEW.`updatedAt`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
DROP TRIGGER `blog_posts_audit_delete`;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_audit_delete` AFTER DELETE ON `blog_posts` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'blog_post', OLD.`id`, 'delete', json_object('id', OLD.`id`, 'slug', OLD.`slug`, 'title', OLD.`title`, 'excerpt', OLD.`excerpt`, 'body', OLD.`body`, 'imageUrl', OLD.`imageUrl`, 'imageAlt', OLD.`imageAlt`, 'category', OLD.`category`, 'status', OLD.`status`, 'publishedAt', OLD.`publishedAt`, 'faq', CASE WHEN json_valid(OLD.`faq`) THEN json(OLD.`faq`) ELSE OLD.`faq` END, 'createdAt', OLD.`createdAt`, 'updatedAt', OLD.`updatedAt`), NULL
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
DROP TRIGGER `service_packages_audit_create`;
--> statement-breakpoint
CREATE TRIGGER `service_packages_audit_create` AFTER INSERT ON `service_packages` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'service_package', NEW.`id`, 'create', NULL, json_object('id', NEW.`id`, 'type', NEW.`type`, 'name', NEW.`name`, 'description', NEW.`description`, 'price', NEW.`price`, 'features', CASE WHEN json_valid(NEW.`features`) THEN json(NEW.`features`) ELSE NEW.`features` END, 'isPopular', NEW.`isPopular`, 'imagePath', NEW.`imagePath`, 'buttonText', NEW.`buttonText`, 'sortOrder', NEW.`sortOrder`, 'isActive', NEW.`isActive`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
DROP TRIGGER `service_packages_audit_update`;
--> statement-breakpoint
CREATE TRIGGER `service_packages_audit_update` AFTER UPDATE ON `service_packages` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'service_package', NEW.`id`, 'update', json_object('id', OLD.`id`, 'type', OLD.`type`, 'name', OLD.`name`, 'description', OLD.`description`, 'price', OLD.`price`, 'features', CASE WHEN json_valid(OLD.`features`) THEN json(OLD.`features`) ELSE OLD.`features` END, 'isPopular', OLD.`isPopular`, 'imagePath', OLD.`imagePath`, 'buttonText', OLD.`buttonText`, 'sortOrder', OLD.`sortOrder`, 'isActive', OLD.`isActive`), json_object('id', NEW.`id`, 'type', NEW.`type`, 'name', NEW.`name`, 'description', NEW.`description`, 'price', NEW.`price`, 'features', CASE WHEN json_valid(NEW.`features`) THEN json(NEW.`features`) ELSE NEW.`features` END, 'isPopular', NEW.`isPopular`, 'imagePath', NEW.`imagePath`, 'buttonText', NEW.`buttonText`, 'sortOrder', NEW.`sortOrder`, 'isActive', NEW.`isActive`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
DROP TRIGGER `service_packages_audit_delete`;
--> statement-breakpoint
CREATE TRIGGER `service_packages_audit_delete` AFTER DELETE ON `service_packages` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'service_package', OLD.`id`, 'delete', json_object('id', OLD.`id`, 'type', OLD.`type`, 'name', OLD.`name`, 'description', OLD.`description`, 'price', OLD.`price`, 'features', CASE WHEN json_valid(OLD.`features`) THEN json(OLD.`features`) ELSE OLD.`features` END, 'isPopular', OLD.`isPopular`, 'imagePath', OLD.`imagePath`, 'buttonText', OLD.`buttonText`, 'sortOrder', OLD.`sortOrder`, 'isActive', OLD.`isActive`), NULL
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
DROP TRIGGER `case_studies_audit_create`;
--> statement-breakpoint
CREATE TRIGGER `case_studies_audit_create` AFTER INSERT ON `case_studies` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'case_study', NEW.`id`, 'create', NULL, json_object('id', NEW.`id`, 'title', NEW.`title`, 'slug', NEW.`slug`, 'category', NEW.`category`, 'scenario', NEW.`scenario`, 'challenges', CASE WHEN json_valid(NEW.`challenges`) THEN json(NEW.`challenges`) ELSE NEW.`challenges` END, 'strategies', CASE WHEN json_valid(NEW.`strategies`) THEN json(NEW.`strategies`) ELSE NEW.`strategies` END, 'results', CASE WHEN json_valid(NEW.`results`) THEN json(NEW.`results`) ELSE NEW.`results` END, 'imagePath', NEW.`imagePath`, 'imageAlt', NEW.`imageAlt`, 'conclusion', NEW.`conclusion`, 'sortOrder', NEW.`sortOrder`, 'isActive', NEW.`isActive`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
DROP TRIGGER `case_studies_audit_update`;
--> statement-breakpoint
CREATE TRIGGER `case_studies_audit_update` AFTER UPDATE ON `case_studies` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'case_study', NEW.`id`, 'update', json_object('id', OLD.`id`, 'title', OLD.`title`, 'slug', OLD.`slug`, 'category', OLD.`category`, 'scenario', OLD.`scenario`, 'challenges', CASE WHEN json_valid(OLD.`challenges`) THEN json(OLD.`challenges`) ELSE OLD.`challenges` END, 'strategies', CASE WHEN json_valid(OLD.`strategies`) THEN json(OLD.`strategies`) ELSE OLD.`strategies` END, 'results', CASE WHEN json_valid(OLD.`results`) THEN json(OLD.`results`) ELSE OLD.`results` END, 'imagePath', OLD.`imagePath`, 'imageAlt', OLD.`imageAlt`, 'conclusion', OLD.`conclusion`, 'sortOrder', OLD.`sortOrder`, 'isActive', OLD.`isActive`), json_object('id', NEW.`id`, 'title', NEW.`title`, 'slug', NEW.`slug`, 'category', NEW.`category`, 'scenario', NEW.`scenario`, 'challenges', CASE WHEN json_valid(NEW.`challenges`) THEN json(NEW.`challenges`) ELSE NEW.`challenges` END, 'strategies', CASE WHEN json_valid(NEW.`strategies`) THEN json(NEW.`strategies`) ELSE NEW.`strategies` END, 'results', CASE WHEN json_valid(NEW.`results`) THEN json(NEW.`results`) ELSE NEW.`results` END, 'imagePath', NEW.`imagePath`, 'imageAlt', NEW.`imageAlt`, 'conclusion', NEW.`conclusion`, 'sortOrder', NEW.`sortOrder`, 'isActive', NEW.`isActive`)
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
DROP TRIGGER `case_studies_audit_delete`;
--> statement-breakpoint
CREATE TRIGGER `case_studies_audit_delete` AFTER DELETE ON `case_studies` BEGIN
  INSERT INTO `audit_events` (`area`, `actorId`, `actor`, `subjectType`, `subjectId`, `action`, `before`, `after`)
    SELECT 'content', a.`userId`, coalesce(a.`userEmail`, 'system'), 'case_study', OLD.`id`, 'delete', json_object('id', OLD.`id`, 'title', OLD.`title`, 'slug', OLD.`slug`, 'category', OLD.`category`, 'scenario', OLD.`scenario`, 'challenges', CASE WHEN json_valid(OLD.`challenges`) THEN json(OLD.`challenges`) ELSE OLD.`challenges` END, 'strategies', CASE WHEN json_valid(OLD.`strategies`) THEN json(OLD.`strategies`) ELSE OLD.`strategies` END, 'results', CASE WHEN json_valid(OLD.`results`) THEN json(OLD.`results`) ELSE OLD.`results` END, 'imagePath', OLD.`imagePath`, 'imageAlt', OLD.`imageAlt`, 'conclusion', OLD.`conclusion`, 'sortOrder', OLD.`sortOrder`, 'isActive', OLD.`isActive`), NULL
    FROM (SELECT 1) LEFT JOIN `content_actor` a ON a.`id` = 1;
  UPDATE `content_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
