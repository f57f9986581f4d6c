import { z } from 'zod';
import {
  BlogPostFieldsSchema,
  CaseStudySchema,
  ServicePackageSchema,
  slugField,
  type PublicBlogPost,
} from '@agency/contracts';
import type { Logger } from '../../platform/logger';

/**
 * Public reads check every stored content row against the rules it is written with before it goes out (decision
 * 0049): a row of another shape (an older version's, a script's, a manual edit's) is left out and logged, never
 * the reason its page fails. Rows are read with their JSON columns as stored text (drizzle's JSON decoding would
 * throw for the whole query on one row's bad JSON) and parsed here, one row at a time.
 */

/** A JSON column as stored: its parsed value, or a value no schema accepts when it is not JSON. */
export const json = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return Symbol('not JSON');
    }
  }, schema);

/** A stored timestamp that is a date (drizzle gives an invalid Date for a number out of JavaScript's range). */
const validDate = z.date().refine((d) => !Number.isNaN(d.getTime()));

/** A published post's own fields, checked by the rules it is written with (its Markdown body is never read). */
const PostFieldsRowSchema = BlogPostFieldsSchema.pick({
  title: true,
  excerpt: true,
  imageUrl: true,
  imageAlt: true,
  category: true,
}).extend({
  id: z.number().int(),
  slug: slugField,
  faq: json(BlogPostFieldsSchema.shape.faq),
  publishedAt: validDate,
  updatedAt: validDate,
});

/** A published post and its render, as the public read selects them (blog-posts.ts). */
export const PublicPostRowSchema = PostFieldsRowSchema.extend({
  html: z.string(),
  readMinutes: z.number().int().min(1),
  steps: json(z.array(z.object({ name: z.string(), text: z.string() }))),
}).transform((row): PublicBlogPost => ({
  ...row,
  imageUrl: row.imageUrl ?? null,
  publishedAt: row.publishedAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
}));

/** A post as the sitemap and the feed list it: by the same checks, so they never name a page that answers 404. */
export const ListedPostRowSchema = PostFieldsRowSchema;

/** A stored case study as the public sees it: its JSON columns parsed, then checked by the write's rules. */
export const PublicCaseStudyRowSchema = CaseStudySchema.extend({
  challenges: json(CaseStudySchema.shape.challenges),
  strategies: json(CaseStudySchema.shape.strategies),
  results: json(CaseStudySchema.shape.results),
});

/** A stored service package as the public sees it. */
export const PublicServicePackageRowSchema = ServicePackageSchema.extend({
  features: json(ServicePackageSchema.shape.features),
});

/** How long one bad row's warning stays quiet: its page is read again and again, the log needs it once in a while. */
const WARN_EVERY_MS = 10 * 60_000;
const WARNED_MAX = 1000;

/** A warning about one stored row's field, said once in a while per row and field however often it is read. */
export function rowWarnings(logger: Logger) {
  const warned = new Map<string, number>();
  return (message: string, table: string, id: unknown, field: string, problem: string | undefined) => {
    const key = `${message}:${table}:${String(id)}:${field}`;
    if ((warned.get(key) ?? 0) > Date.now() - WARN_EVERY_MS) return;
    if (warned.size >= WARNED_MAX) warned.clear();
    warned.set(key, Date.now());
    logger.warn(message, { table, id, field, problem });
  };
}

/** Checks rows one at a time: the good ones (as their schema gives them), the others left out with a warning. */
export function publicRows(logger: Logger) {
  const warn = rowWarnings(logger);
  return <T extends z.ZodType>(table: string, schema: T, rows: readonly Record<string, unknown>[]) => {
    const good: z.output<T>[] = [];
    for (const row of rows) {
      const checked = schema.safeParse(row);
      if (checked.success) {
        good.push(checked.data);
        continue;
      }
      const issue = checked.error.issues[0];
      const field = issue?.path.map(String).join('.') || '(row)';
      warn(
        'content row left out of the public site: it does not match its schema',
        table,
        row.id,
        field,
        issue?.message,
      );
    }
    return good;
  };
}

export type PublicRows = ReturnType<typeof publicRows>;
