import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { BLOG_POST_STATUSES, DRAFT_KINDS } from '@agency/contracts';
import { users } from './accounts';
import { bool, createdAt, id, jsonText, timestamp, updatedAt } from './columns';

export const servicePackages = sqliteTable('service_packages', {
  id: id(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  price: text('price').notNull(),
  features: jsonText<string[]>('features').notNull().default([]),
  isPopular: bool('isPopular').notNull().default(false),
  imagePath: text('imagePath'),
  buttonText: text('buttonText').notNull().default('Get Started'),
  sortOrder: integer('sortOrder').notNull().default(0),
  /** Not in the spec's list; admins hide a package without deleting it, as with case studies. */
  isActive: bool('isActive').notNull().default(true),
});

export const caseStudies = sqliteTable(
  'case_studies',
  {
    id: id(),
    title: text('title').notNull(),
    /** Its page is /case-studies/<slug>; the API always sets one (rows from before it got one at start-up). */
    slug: text('slug'),
    category: text('category'),
    scenario: text('scenario'),
    challenges: jsonText<string[]>('challenges').notNull().default([]),
    strategies: jsonText<unknown>('strategies'),
    results: jsonText<unknown>('results'),
    imagePath: text('imagePath'),
    /** What the image shows, for people who cannot see it; empty: a decorative image (alt=""). */
    imageAlt: text('imageAlt').notNull().default(''),
    conclusion: text('conclusion'),
    sortOrder: integer('sortOrder').notNull().default(0),
    isActive: bool('isActive').notNull().default(true),
  },
  (t) => [uniqueIndex('case_studies_slug_idx').on(t.slug)],
);

/** Blog posts (decision 0033): Markdown bodies, rendered and sanitised by the gateway when served. */
export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    body: text('body').notNull(),
    /** `/content-images/<file>`: an uploaded image, or null for none. */
    imageUrl: text('imageUrl'),
    imageAlt: text('imageAlt').notNull(),
    category: text('category').notNull(),
    status: text('status', { enum: BLOG_POST_STATUSES }).notNull().default('draft'),
    /** Public from this moment when published; a future one schedules the post. Null only for drafts. */
    publishedAt: timestamp('publishedAt'),
    faq: jsonText<{ question: string; answer: string }[]>('faq').notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('blog_posts_slug_idx').on(t.slug), index('blog_posts_public_idx').on(t.status, t.publishedAt)],
);

/**
 * Each post's body as the site shows it, rendered when the post is written (decision 0049), so no public read
 * renders Markdown. A separate table, so a render is no content change of its own (no audit row). A trigger
 * (migration 0007) deletes a post's render when its body changes without one (a script, a manual edit); the
 * gateway renders such posts again in the background, and every post at start-up whose render an older renderer
 * made (`renderer`).
 */
export const blogPostRenders = sqliteTable('blog_post_renders', {
  postId: integer('postId')
    .primaryKey()
    .references(() => blogPosts.id, { onDelete: 'cascade' }),
  /** Sanitised HTML for the post's own page (a body's `##` is an h2). */
  html: text('html').notNull(),
  /** The same a level lower, for lists whose page gives each post an h2. */
  listHtml: text('listHtml').notNull(),
  readMinutes: integer('readMinutes').notNull(),
  steps: jsonText<{ name: string; text: string }[]>('steps').notNull().default([]),
  /** The renderer's version (areas/content/renders.ts); an older one's render is made again at start-up. */
  renderer: integer('renderer').notNull(),
  renderedAt: timestamp('renderedAt')
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
});

/** Images uploaded for content: stored under the content image folder by a server-made name, never the upload's. */
export const contentImages = sqliteTable(
  'content_images',
  {
    id: id(),
    /** `<uuid>.<ext>`: the file's name in the folder and the last segment of its URL. */
    file: text('file').notNull().unique(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    uploadedBy: integer('uploadedBy').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('content_images_uploaded_by_idx').on(t.uploadedBy)],
);

/**
 * The Real Talk audio files staff uploaded (decision 0064), kept in the content-images store under `audio/`; the
 * newest is the one the thank-you page plays and the opt-in e-mail links to.
 */
export const realTalkAudio = sqliteTable(
  'real_talk_audio',
  {
    id: id(),
    /** `<uuid>.<ext>`, made by the server; served at /real-talk-audio/<file>. */
    file: text('file').notNull().unique(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    uploadedBy: integer('uploadedBy').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('real_talk_audio_uploaded_by_idx').on(t.uploadedBy)],
);

/**
 * Who is writing content: set, used and cleared inside the one batch that writes (areas/content/write.ts), where the
 * tables' triggers (migration 0003) read it into the audit row. Any other write (a seed, a CLI) is recorded as
 * 'system'.
 */
export const contentActor = sqliteTable('content_actor', {
  id: integer('id').primaryKey(),
  userId: integer('userId'),
  userEmail: text('userEmail').notNull(),
});

/**
 * One row: the content version, raised by every content write in the same transaction. Page caches key on it
 * (with the moment of the latest scheduled post to go live), so every gateway sees a change on its next request.
 */
export const contentState = sqliteTable('content_state', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(0),
  /** Set once the five articles that shipped in code are rows (the seed runs once). */
  seededAt: timestamp('seededAt'),
});

/**
 * Each person's unsaved form (decision 0063): the values as typed, saved as they type and restored when the form
 * opens again. One per item edited (`itemId`) and one per kind for a new item (`itemId` 0, since SQLite's unique
 * index would let NULLs repeat). Never public and never audited: a draft is not content until it is saved.
 */
export const contentDrafts = sqliteTable(
  'content_drafts',
  {
    id: id(),
    userId: integer('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DRAFT_KINDS }).notNull(),
    itemId: integer('itemId').notNull(),
    values: jsonText<Record<string, unknown>>('values').notNull(),
    updatedAt: updatedAt(),
    /** Counts the saves; a save names the version it was based on and is refused over a newer one (decision 0101). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('content_drafts_owner_idx').on(t.userId, t.kind, t.itemId)],
);
