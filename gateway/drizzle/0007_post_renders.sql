CREATE TABLE `blog_post_renders` (
	`postId` integer PRIMARY KEY NOT NULL,
	`html` text NOT NULL,
	`listHtml` text NOT NULL,
	`readMinutes` integer NOT NULL,
	`steps` text DEFAULT '[]' NOT NULL,
	`renderer` integer NOT NULL,
	`renderedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`postId`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TRIGGER `blog_posts_body_changed` AFTER UPDATE OF `body` ON `blog_posts` WHEN NEW.`body` IS NOT OLD.`body` BEGIN
  DELETE FROM `blog_post_renders` WHERE `postId` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_render_gone` AFTER DELETE ON `blog_posts` BEGIN
  DELETE FROM `blog_post_renders` WHERE `postId` = OLD.`id`;
END;
