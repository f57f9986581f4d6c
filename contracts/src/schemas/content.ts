import { z } from 'zod';
import { LIMITS } from './common';

/**
 * Content staff publish on the site (decision 0033): blog posts, and the case studies and service
 * packages of entities.ts. Bodies are Markdown; the gateway alone turns them into sanitised HTML.
 */

/**
 * Characters XML 1.0 cannot carry at all (C0 controls but tab, line feed and carriage return; U+FFFE, U+FFFF; lone
 * surrogates). One of them in a title makes the Atom feed and the sitemap unreadable to every feed reader and
 * crawler, so content text never stores them (decision 0049): a vertical tab or form feed (what word processors
 * paste for a manual line break) becomes a space, the others go.
 */
// eslint-disable-next-line no-control-regex -- these control characters are what the pattern is for
const XML_INVALID = /[\u0000-\u0008\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/gu;
// eslint-disable-next-line no-control-regex -- vertical tab and form feed, matched on purpose
const XML_BREAKS = /[\u000B\u000C]/g;

/** Text without the characters XML 1.0 does not allow (see XML_INVALID); also used on output, for older rows. */
export const xmlSafe = (text: string): string => text.replace(XML_BREAKS, ' ').replace(XML_INVALID, '');

/** Staff-written text as stored: without XML-invalid characters, trimmed, at most `max` characters. */
export const contentText = (max: number) =>
  z
    .string()
    .overwrite(xmlSafe)
    .trim()
    .max(max, { error: `Must be at most ${max} characters` });

/** A required content text: as contentText, and not empty once cleaned. */
export const requiredContentText = (message: string, max: number = LIMITS.name) =>
  z
    .string({ error: message })
    .overwrite(xmlSafe)
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

export const BLOG_POST_STATUSES = ['draft', 'published'] as const;
/** A post's stored status as the blog editor offers it. */
export const BLOG_POST_STATUS_LABELS: Record<(typeof BLOG_POST_STATUSES)[number], string> = {
  draft: 'Draft',
  published: 'Published',
};
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

export const SLUG_MAX = 80;
const SLUG_RULE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A URL slug from a title: lower-case ASCII words joined by single hyphens ("Café SEO: 10 tips" -> "cafe-seo-10-tips"). */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

export const slugField = z
  .string({ error: 'Slug is required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Slug is required' })
  .max(SLUG_MAX, { error: `Slug must be at most ${SLUG_MAX} characters` })
  .regex(SLUG_RULE, { error: 'Slug may only hold lower-case letters, digits and single hyphens (e.g. my-first-post)' });

/**
 * A public read's slug as an address gives it (a `:slug` of a page, a preview's `?slug=`): by the slug rule
 * (trimmed, lower-cased), or null for text no item's slug could be. The read answers null with the same 404 as an
 * unknown slug: guessing tells nothing the list does not, and a page at such an address is the 404 page.
 */
export const slugOrNone = z.string().transform((text) => slugField.safeParse(text).data ?? null);

/**
 * Uploaded content images are served from here (outside the web root, by the gateway): the only images a post's
 * Markdown or a cover may show.
 */
export const CONTENT_IMAGE_PATH = '/content-images/';
const CONTENT_IMAGE_URL = /^\/content-images\/[a-f0-9-]{36}\.(?:jpg|png|webp|gif|avif)$/;
export const isContentImageUrl = (url: string) => CONTENT_IMAGE_URL.test(url);
export const CONTENT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

// The Real Talk audio (the opt-in's lead magnet, decision 0064), stored like content images.
/** Audio a browser plays in an `<audio>` element, checked by its bytes. */
export const REAL_TALK_AUDIO_TYPES = ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/ogg', 'audio/wav'] as const;
/** Twelve minutes of speech is ~12 MB at 128 kbit/s; room for a better bitrate, not for a film. */
export const REAL_TALK_AUDIO_MAX_BYTES = 50 * 1024 * 1024;
/** Where an uploaded audio is served (with ranges, for seeking). */
export const REAL_TALK_AUDIO_PATH = '/real-talk-audio/';

/** Where the audio is: an operator's REAL_TALK_AUDIO_URL, else the newest upload, else null (none yet). */
export const RealTalkAudioSchema = z.object({ url: z.string().nullable() });
export type RealTalkAudio = z.infer<typeof RealTalkAudioSchema>;

/** Longest Markdown body a post may have (about 30,000 words). */
export const BLOG_BODY_MAX = 200_000;

const PUBLISH_DATE_RULE = 'Publish date must be an ISO date and time';
// The length is only a bound (the longest real one, with nanoseconds and an offset, is 35): every field of a write has
// one, so the body limit derived from the schema (decision 0050) is finite.
const isoDateTime = z.iso.datetime({ offset: true, error: PUBLISH_DATE_RULE }).max(64, { error: PUBLISH_DATE_RULE });

/**
 * Publish dates staff may give: from 1970 to 2100. Outside it a date is a typo (a year 20255), and the far ends
 * break what shows them (a year past 275760 is no date at all to JavaScript; before year 0 the feed's format fails).
 */
export const PUBLISH_DATE_RANGE = { from: '1970-01-01T00:00:00.000Z', to: '2100-01-01T00:00:00.000Z' } as const;
const inPublishRange = (iso: string) => iso >= PUBLISH_DATE_RANGE.from && iso < PUBLISH_DATE_RANGE.to;

/** A publish date as given: an ISO date-time, or a plain date (midnight UTC); stored as an ISO string. */
const publishDate = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? `${v.trim()}T00:00:00.000Z` : v),
  isoDateTime
    .transform((v) => new Date(v).toISOString())
    .refine(inPublishRange, { error: 'Publish date must be between 1970 and 2099' }),
);

/** Questions answered under an article (and in its FAQ structured data). */
export const BLOG_FAQ_MAX = 20;

/** Each field of a post by the rules it is written with; a public read checks a stored post by the same rules. */
export const BlogPostFieldsSchema = z.object({
  title: requiredContentText('Title is required'),
  slug: slugField,
  excerpt: requiredContentText('Excerpt is required', 500),
  body: requiredContentText('Body is required', BLOG_BODY_MAX),
  imageUrl: z
    .string()
    .trim()
    .max(LIMITS.url, { error: 'Cover image must be an image uploaded to this site' })
    .refine(isContentImageUrl, { error: 'Cover image must be an image uploaded to this site' })
    .nullish(),
  /** Required with a cover (checked below); a post without one needs none. */
  imageAlt: contentText(300).default(''),
  category: requiredContentText('Category is required', 60),
  status: z.enum(BLOG_POST_STATUSES, { error: `Status must be one of ${BLOG_POST_STATUSES.join(', ')}` }),
  /** Absent: now, when the post is published. A future date schedules it. */
  publishedAt: publishDate.nullish(),
  faq: z
    .array(
      z.object({
        question: requiredContentText('Each question needs its text', 300),
        answer: requiredContentText('Each question needs an answer', 2000),
      }),
    )
    .max(BLOG_FAQ_MAX, { error: `At most ${BLOG_FAQ_MAX} questions` })
    .default([]),
});

/** What staff send to create or replace a post (`POST`/`PUT /api/admin/blog-posts`). */
export const BlogPostInputSchema = BlogPostFieldsSchema.refine((post) => !post.imageUrl || post.imageAlt !== '', {
  path: ['imageAlt'],
  error: 'Image alt text is required with a cover image',
});
export type BlogPostInput = z.infer<typeof BlogPostInputSchema>;

/** A post as staff see it. */
export const BlogPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  body: z.string(),
  imageUrl: z.string().nullable(),
  imageAlt: z.string(),
  category: z.string(),
  status: z.enum(BLOG_POST_STATUSES),
  publishedAt: z.string().nullable(),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

/**
 * A published post as the site shows it (`GET /api/blog-posts`, `/api/blog-posts/:slug`). `html` is the body
 * rendered and sanitised by the gateway; in a list its headings sit one level lower (h3 for `##`), since the list's
 * page titles each post with an h2.
 */
export const PublicBlogPostSchema = BlogPostSchema.omit({ body: true, status: true, createdAt: true }).extend({
  publishedAt: z.string(),
  html: z.string(),
  readMinutes: z.number().int(),
  /** An ordered list of "**Step.** text" items in the body, for the page's HowTo structured data. */
  steps: z.array(z.object({ name: z.string(), text: z.string() })),
  /** Only on a staff preview link's page (decision 0063): whether the post is still a draft or already published. */
  preview: z.enum(['draft', 'published']).optional(),
});
export type PublicBlogPost = z.infer<typeof PublicBlogPostSchema>;

export const PublicBlogPostPageSchema = z.object({
  items: z.array(PublicBlogPostSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PublicBlogPostPage = z.infer<typeof PublicBlogPostPageSchema>;

export const MarkdownPreviewSchema = z.object({ body: contentText(BLOG_BODY_MAX) });
/** The preview's answer: the body rendered and sanitised as the site will show it. */
export const MarkdownPreviewResultSchema = z.object({ html: z.string() });

export const CONTENT_ENTITIES = ['blog_post', 'case_study', 'service_package', 'content_image'] as const;
export type ContentEntity = (typeof CONTENT_ENTITIES)[number];
export const CONTENT_ACTIONS = ['create', 'update', 'delete'] as const;

export const ContentImageSchema = z.object({ url: z.string(), type: z.string(), size: z.number().int() });

/** What staff edit with a draft kept on the server (decision 0063): the blog and the content panel's two kinds. */
export const DRAFT_KINDS = ['blog-posts', 'case-studies', 'service-packages'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];
/**
 * Drafts one person may keep at once, over every kind. A draft is one form's unsaved state, so this is far more than
 * anyone has open, and bounds what one account can store.
 */
export const DRAFTS_PER_USER = 30;

/** One value of a form as its draft keeps it: text as typed, a box ticked or not, a post's questions. */
const draftValue = z.union([
  z.string().max(BLOG_BODY_MAX, { error: `A draft's text may be at most ${BLOG_BODY_MAX} characters` }),
  z.boolean(),
  z.number().finite(),
  z.null(),
  z
    // As typed: longer than a save allows is still kept (the save says what to shorten); the body limit bounds it.
    .array(z.object({ question: z.string().max(BLOG_BODY_MAX), answer: z.string().max(BLOG_BODY_MAX) }))
    .max(BLOG_FAQ_MAX, { error: `At most ${BLOG_FAQ_MAX} questions` }),
]);

/**
 * A form's unsaved values: field name to value, as typed (not yet valid: a draft may lack a title). The request's
 * size is bounded by its kind's input schema (the gateway's body limit), the field count here.
 */
export const DraftValuesSchema = z
  .record(z.string().max(40), draftValue, { error: 'A draft must be the form’s fields' })
  .refine((values) => Object.keys(values).length <= 30, { error: 'A draft may hold at most 30 fields' });

/**
 * A draft save names the version of the draft it was based on (0: none): the server refuses, with a 409, to save
 * over a newer one made meanwhile in another tab or device (decision 0101).
 */
export const DraftInputSchema = z.object({
  values: DraftValuesSchema,
  baseVersion: z
    .number({ error: 'baseVersion must be the version of the draft this one was based on (0 for none)' })
    .int({ error: 'baseVersion must be a whole number' })
    .min(0, { error: 'baseVersion must be 0 or more' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'baseVersion is too large' }),
});

/** `:kind/:itemId`: the draft of an item (its id), or of a new one not yet saved (0: one per person and kind). */
export const DraftParamSchema = z.object({
  kind: z.enum(DRAFT_KINDS, { error: `kind must be one of ${DRAFT_KINDS.join(', ')}` }),
  itemId: z.coerce
    .number({ error: 'itemId must be a whole number' })
    .int({ error: 'itemId must be a whole number' })
    .min(0, { error: 'itemId must be 0 or more' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'itemId is too large' }),
});

export const DraftSchema = z.object({
  kind: z.enum(DRAFT_KINDS),
  /** 0: a new item's draft. */
  itemId: z.number().int(),
  values: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
  /** Counts the saves of this draft, from 1; the next save names it as its `baseVersion`. */
  version: z.number().int(),
});
export type Draft = z.infer<typeof DraftSchema>;

/** The 409 answer to a draft save based on an older version: the newer draft, to load instead (decision 0101). */
export const DraftConflictSchema = z.object({ message: z.string(), draft: DraftSchema });

/** A preview link of a post not (yet) public: its page with a signed, expiring token only staff can open. */
export const PreviewLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
/** `?token=`: the preview link's token, as the page passes it to the API. */
export const PreviewQuerySchema = z.object({
  slug: slugOrNone,
  token: z.string().max(200),
});
