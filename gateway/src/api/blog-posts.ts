import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import {
  BLOG_BODY_MAX,
  BlogPostInputSchema,
  MarkdownPreviewSchema,
  PageQuerySchema,
  slugField,
  type BlogPostInput,
  type PublicBlogPost,
} from '@agency/contracts';
import type { AuthEnv } from '../auth/session';
import { idParam, offsetOf, requireStaffActor, staffOnly } from '../auth/access';
import { howToSteps, readMinutes, type Markdown } from '../content/markdown';
import { writeContent } from '../content/write';
import { blogPosts } from '../db';
import { schemaBody } from '../http/json-only';
import { savingSlug } from '../http/slug-taken';
import { validate } from '../http/validate';
import type { ApiDeps } from './deps';

type Row = typeof blogPosts.$inferSelect;

const SLUG_TAKEN = 'Another post already has this slug; choose another';
const BODY_RULE = `its body may hold up to ${BLOG_BODY_MAX.toLocaleString('en-NZ')} characters`;
/** A post is larger than the API's 64 KiB: its body limit follows its fields' (decision 0050). */
const postBody = schemaBody(BlogPostInputSchema, (size) => `A blog post can be at most ${size} as sent: ${BODY_RULE}.`);
const previewBody = schemaBody(
  MarkdownPreviewSchema,
  (size) => `A preview can be at most ${size} as sent: ${BODY_RULE}.`,
);

/** Published and due: what visitors may see, at the moment of the request. */
const isPublic = () => and(eq(blogPosts.status, 'published'), lte(blogPosts.publishedAt, new Date()));

export const toPublicPost = (row: Row, markdown: Markdown, headingShift: 0 | 1 = 0): PublicBlogPost => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  excerpt: row.excerpt,
  imageUrl: row.imageUrl,
  imageAlt: row.imageAlt,
  category: row.category,
  faq: row.faq,
  publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  html: markdown.render(row.body, { headingShift }),
  readMinutes: readMinutes(row.body),
  steps: howToSteps(row.body),
});

/** A published post without a date goes live now; a post keeps the date it went live with when edited. */
function values(input: BlogPostInput, existing?: Row) {
  const { publishedAt, ...rest } = input;
  const date = publishedAt
    ? new Date(publishedAt)
    : input.status === 'published'
      ? (existing?.publishedAt ?? new Date())
      : (existing?.publishedAt ?? null);
  return { ...rest, imageUrl: rest.imageUrl ?? null, publishedAt: date };
}

/** Staff write posts (issue 25); every write is recorded with its author (content/write.ts). */
export function blogPostsApi({ db }: ApiDeps, markdown: Markdown) {
  const find = async (id: number) => {
    const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
    if (!row) throw new HTTPException(404, { message: 'No such blog post' });
    return row;
  };

  return (
    new Hono<AuthEnv>()
      .get('/blog-posts', validate('query', PageQuerySchema), async (c) => {
        const { page, pageSize } = c.req.valid('query');
        const [rows, [total]] = await Promise.all([
          db
            .select()
            .from(blogPosts)
            .where(isPublic())
            .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
            .limit(pageSize)
            .offset(offsetOf({ page, pageSize })),
          db.select({ n: count() }).from(blogPosts).where(isPublic()),
        ]);
        return c.json({ items: rows.map((r) => toPublicPost(r, markdown, 1)), total: total?.n ?? 0, page, pageSize });
      })
      .get('/blog-posts/:slug', async (c) => {
        const slug = slugField.safeParse(c.req.param('slug'));
        const [row] = slug.success
          ? await db
              .select()
              .from(blogPosts)
              .where(and(eq(blogPosts.slug, slug.data), isPublic()))
          : [];
        if (!row) return c.json({ message: 'No such blog post' }, 404);
        return c.json(toPublicPost(row, markdown));
      })
      .get('/admin/blog-posts', staffOnly, validate('query', PageQuerySchema), async (c) => {
        const { page, pageSize } = c.req.valid('query');
        const [items, [total]] = await Promise.all([
          db
            .select()
            .from(blogPosts)
            // Drafts (no date) first, then newest.
            .orderBy(sql`${blogPosts.publishedAt} is not null`, desc(blogPosts.publishedAt), desc(blogPosts.id))
            .limit(pageSize)
            .offset(offsetOf({ page, pageSize })),
          db.select({ n: count() }).from(blogPosts),
        ]);
        return c.json({ items, total: total?.n ?? 0, page, pageSize });
      })
      // What a body will look like on the site, as the site will render it: the editor's live preview.
      .post('/admin/blog-posts/preview', staffOnly, previewBody, validate('json', MarkdownPreviewSchema), async (c) =>
        c.json({ html: markdown.render(c.req.valid('json').body) }),
      )
      .post('/admin/blog-posts', staffOnly, postBody, validate('json', BlogPostInputSchema), async (c) => {
        const actor = requireStaffActor(c);
        return savingSlug(c, 'blog_posts.slug', SLUG_TAKEN, async () => {
          const [row] = await writeContent(
            db,
            actor,
            db
              .insert(blogPosts)
              .values(values(c.req.valid('json')))
              .returning(),
          );
          return c.json(row, 201);
        });
      })
      .get('/admin/blog-posts/:id', staffOnly, async (c) => c.json(await find(idParam(c.req.param('id')))))
      .put('/admin/blog-posts/:id', staffOnly, postBody, validate('json', BlogPostInputSchema), async (c) => {
        const actor = requireStaffActor(c);
        const existing = await find(idParam(c.req.param('id')));
        return savingSlug(c, 'blog_posts.slug', SLUG_TAKEN, async () => {
          const [row] = await writeContent(
            db,
            actor,
            db
              .update(blogPosts)
              .set({ ...values(c.req.valid('json'), existing), updatedAt: new Date() })
              .where(eq(blogPosts.id, existing.id))
              .returning(),
          );
          if (!row) throw new HTTPException(404, { message: 'No such blog post' });
          return c.json(row);
        });
      })
      .delete('/admin/blog-posts/:id', staffOnly, async (c) => {
        const actor = requireStaffActor(c);
        const id = idParam(c.req.param('id'));
        const [gone] = await writeContent(
          db,
          actor,
          db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id }),
        );
        if (!gone) throw new HTTPException(404, { message: 'No such blog post' });
        return c.json({ message: 'Blog post deleted' });
      })
  );
}
