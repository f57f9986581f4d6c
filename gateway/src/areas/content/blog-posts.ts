import { and, desc, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { BLOG_BODY_MAX, endpoints, type BlogPostInput } from '@agency/contracts';
import { requireStaffActor } from '../../platform/http/guards/access';
import type { PostRender } from './markdown';
import { isPublicPost as isPublic, publicPostFields } from './public-reads';
import { PublicPostRowSchema, type PublicRows } from './public-rows';
import { storeRender, type PostRenders } from './renders';
import { staffRows } from './staff-rows';
import { writeContent } from './write';
import { blogPostRenders, blogPosts, paged } from '../../platform/db';
import { schemaBody } from '../../platform/http/json-only';
import { savingSlug } from '../../platform/http/slug-taken';
import type { ApiDeps } from '../../platform/http/deps';
import { endpointRoutes } from '../../platform/http/routes';

type Row = typeof blogPosts.$inferSelect;

/** What the blog's routes get besides the database: the renderer, the background renders and the public row check. */
export interface BlogDeps {
  /** Renders off the event loop (areas/content/markdown-threads.ts). */
  markdown: { renderPost(body: string): Promise<PostRender> };
  renders: PostRenders;
  rows: PublicRows;
}

const SLUG_TAKEN = 'Another post already has this slug; choose another';
const BODY_RULE = `its body may hold up to ${BLOG_BODY_MAX.toLocaleString('en-NZ')} characters`;
/** A post is larger than the API's 64 KiB: its body limit follows its fields' (decision 0050). */
const postBody = {
  beforeInput: [
    schemaBody(endpoints.createBlogPost.body, (size) => `A blog post can be at most ${size} as sent: ${BODY_RULE}.`),
  ],
};
const previewBody = {
  beforeInput: [
    schemaBody(endpoints.previewBlogPost.body, (size) => `A preview can be at most ${size} as sent: ${BODY_RULE}.`),
  ],
};

/**
 * What a public read selects: the post's fields and its stored render (`html` is the list's or the page's), never
 * its Markdown. JSON columns come as stored text, checked row by row (areas/content/public-rows.ts).
 */
const publicColumns = (html: 'html' | 'listHtml') => ({
  ...publicPostFields,
  html: blogPostRenders[html],
  readMinutes: blogPostRenders.readMinutes,
  steps: sql<unknown>`${blogPostRenders.steps}`,
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

/** A 400 naming the body; the problem is a sentence about the body, so it is the message too (the preview shows it). */
const badBody = (c: Context, problem: string) => c.json({ message: problem, errors: { body: problem } }, 400);

/**
 * Staff write posts (decision 0033); every write is recorded with its author (areas/content/write.ts) and stores the post's
 * render beside it, so public reads never render Markdown (decision 0049).
 */
export function blogPostsApi({ db, logger }: ApiDeps, { markdown, renders, rows }: BlogDeps) {
  // Staff read a post whose questions do not parse with none, and a warning (staff-rows.ts).
  const mend = staffRows(logger);
  const find = async (id: number) => {
    const [row] = mend('blog_posts', await db.select().from(blogPosts).where(eq(blogPosts.id, id)));
    if (!row) throw new HTTPException(404, { message: 'No such blog post' });
    return row;
  };
  /** Public rows as the site shows them; a post still without a render is left out until the background made it. */
  const shown = (found: Record<string, unknown>[]) => {
    if (found.some((r) => r.html === null)) renders.soon();
    return rows(
      'blog_posts',
      PublicPostRowSchema,
      found.filter((r) => r.html !== null),
    );
  };
  /**
   * A post written by `statement` (an insert or update returning the row) with its body's render stored beside it,
   * recorded for `actor`: the stored row, or the 400 (a body that cannot be shown whole) or 409 (a slug taken).
   */
  const savePost = async <T>(
    c: Context,
    actor: { id: number; email: string },
    input: BlogPostInput,
    statement: BatchItem<'sqlite'> & PromiseLike<T[]>,
  ) => {
    const result = await markdown.renderPost(input.body);
    if (!result.ok) return badBody(c, result.problem);
    return savingSlug(c, 'blog_posts.slug', SLUG_TAKEN, async () => {
      const [row] = await writeContent(db, actor, statement, storeRender(db, input.slug, result.post));
      return row;
    });
  };

  return (
    endpointRoutes()
      .on(endpoints.blogPosts, async (c) => {
        const rows = db
          .select(publicColumns('listHtml'))
          .from(blogPosts)
          .leftJoin(blogPostRenders, eq(blogPostRenders.postId, blogPosts.id))
          .where(isPublic())
          .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
        const page = await paged(db, c.req.valid('query'), rows, blogPosts, isPublic());
        return c.json({ ...page, items: shown(page.items) });
      })
      .on(endpoints.blogPost, async (c) => {
        // Null for text no slug could be (the entry's schema): the same 404 as an unknown slug.
        const { slug } = c.req.valid('param');
        const found =
          slug === null
            ? []
            : await db
                .select(publicColumns('html'))
                .from(blogPosts)
                .leftJoin(blogPostRenders, eq(blogPostRenders.postId, blogPosts.id))
                .where(and(eq(blogPosts.slug, slug), isPublic()));
        const [post] = shown(found);
        if (!post) return c.json({ message: 'No such blog post' }, 404);
        return c.json(post);
      })
      .on(endpoints.adminBlogPosts, async (c) => {
        const rows = db
          .select()
          .from(blogPosts)
          // Drafts (no date) first, then newest.
          .orderBy(sql`${blogPosts.publishedAt} is not null`, desc(blogPosts.publishedAt), desc(blogPosts.id));
        const page = await paged(db, c.req.valid('query'), rows, blogPosts);
        return c.json({ ...page, items: mend('blog_posts', page.items) });
      })
      // What a body will look like on the site, as the site will render it: the editor's live preview. A body the
      // site would refuse is refused here too, so the editor says so before the save.
      .on(endpoints.previewBlogPost, previewBody, async (c) => {
        const result = await markdown.renderPost(c.req.valid('json').body);
        return result.ok ? c.json({ html: result.post.html }) : badBody(c, result.problem);
      })
      .on(endpoints.createBlogPost, postBody, async (c) => {
        const input = c.req.valid('json');
        const row = await savePost(
          c,
          requireStaffActor(c),
          input,
          db.insert(blogPosts).values(values(input)).returning(),
        );
        return row instanceof Response ? row : c.json(row!, 201);
      })
      .on(endpoints.adminBlogPost, async (c) => c.json(await find(c.req.valid('param').id)))
      .on(endpoints.replaceBlogPost, postBody, async (c) => {
        const actor = requireStaffActor(c);
        const existing = await find(c.req.valid('param').id);
        const input = c.req.valid('json');
        const update = db
          .update(blogPosts)
          .set({ ...values(input, existing), updatedAt: new Date() })
          .where(eq(blogPosts.id, existing.id))
          .returning();
        const row = await savePost(c, actor, input, update);
        if (row instanceof Response) return row;
        if (!row) return c.json({ message: 'No such blog post' }, 404);
        return c.json(row);
      })
      .on(endpoints.deleteBlogPost, async (c) => {
        const actor = requireStaffActor(c);
        const { id } = c.req.valid('param');
        const [gone] = await writeContent(
          db,
          actor,
          db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id }),
        );
        if (!gone) return c.json({ message: 'No such blog post' }, 404);
        return c.json({ message: 'Blog post deleted' });
      }).app
  );
}
