import { eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { blogPostRenders, blogPosts, contentState, type Db } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { RenderedPost } from './markdown';

/** What renders a stored body: the Markdown threads when serving, the renderer itself at start-up. */
export interface StoredRenderer {
  renderStored(body: string): RenderedPost | Promise<RenderedPost>;
}

/**
 * Raised whenever what the renderer makes for the same body changes (the Markdown library, its options, the
 * sanitiser's allow-list): every post is then rendered again at the next start, before the gateway listens.
 */
export const RENDERER_VERSION = 1;

/** Stores a render for the post `which` picks (nothing when it picks none); replaces the post's earlier one. */
const upsertRender = (db: Db, which: SQL, post: RenderedPost) =>
  db.run(sql`
    insert into ${blogPostRenders} ("postId", "html", "listHtml", "readMinutes", "steps", "renderer")
    select ${blogPosts.id}, ${post.html}, ${post.listHtml}, ${post.readMinutes}, ${JSON.stringify(post.steps)}, ${RENDERER_VERSION}
    from ${blogPosts} where ${which}
    on conflict ("postId") do update set "html" = excluded."html", "listHtml" = excluded."listHtml",
      "readMinutes" = excluded."readMinutes", "steps" = excluded."steps", "renderer" = excluded."renderer",
      "renderedAt" = cast(unixepoch('subsec') * 1000 as integer)`);

/**
 * The statement that stores a post's render, for the batch that writes the post (areas/content/write.ts). The post is
 * found by its slug (unique), so it works for a post the same batch inserts. It runs after the post's own write,
 * whose body trigger (migration 0007) has just dropped the old render.
 */
export const storeRender = (db: Db, slug: string, post: RenderedPost) =>
  upsertRender(db, sql`${blogPosts.slug} = ${slug}`, post);

/**
 * Renders posts that have no render (written by a script, a manual edit, or before renders were stored) or whose
 * render an older renderer made. At start-up (awaited: pages never show a post's older HTML after a renderer
 * change) and in the background when a public read finds a post without one (`soon`). One post at a time, yielding
 * between them; each render is bounded (areas/content/markdown.ts). A render is stored only while the body it was made
 * from is still the post's (a staff write meanwhile wins), and raises the content version, so cached pages pick it up.
 */
export function postRenders({ db, markdown, logger }: { db: Db; markdown: StoredRenderer; logger: Logger }) {
  let running: Promise<number> | null = null;
  let again = false;
  /** Posts whose render failed: not tried again in the background (a read must not cost a failing render each time). */
  const failed = new Set<number>();

  async function renderOutdated(background: boolean): Promise<number> {
    const rows = await db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .leftJoin(blogPostRenders, eq(blogPostRenders.postId, blogPosts.id))
      .where(or(isNull(blogPostRenders.postId), lt(blogPostRenders.renderer, RENDERER_VERSION)));
    let stored = 0;
    for (const { id } of rows) {
      if (background && failed.has(id)) continue;
      await new Promise((resolve) => setImmediate(resolve));
      const [post] = await db.select({ body: blogPosts.body }).from(blogPosts).where(eq(blogPosts.id, id));
      if (typeof post?.body !== 'string') {
        logger.warn('blog post not rendered: its body is not text', { table: 'blog_posts', id });
        failed.add(id);
        continue;
      }
      let rendered: RenderedPost;
      try {
        rendered = await markdown.renderStored(post.body);
      } catch (error) {
        logger.error('blog post could not be rendered', { table: 'blog_posts', id, error: String(error) });
        failed.add(id);
        continue;
      }
      await upsertRender(db, sql`${blogPosts.id} = ${id} and ${blogPosts.body} = ${post.body}`, rendered);
      failed.delete(id);
      stored++;
    }
    if (stored > 0)
      await db
        .update(contentState)
        .set({ version: sql`${contentState.version} + 1` })
        .where(eq(contentState.id, 1));
    return stored;
  }

  /** Runs once at a time; a call while one runs makes one more run after it. */
  function run(background: boolean): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = renderOutdated(background).finally(() => {
      running = null;
      if (again) {
        again = false;
        void run(true).catch((error: unknown) => logger.error('rendering posts failed', { error: String(error) }));
      }
    });
    return running;
  }

  return {
    /** Every post without a current render, rendered and stored; resolves with how many were. */
    renderOutdated: () => run(false),
    /** The same in the background: a public read found a post without a render. */
    soon(): void {
      void run(true).catch((error: unknown) => logger.error('rendering posts failed', { error: String(error) }));
    },
  };
}

export type PostRenders = ReturnType<typeof postRenders>;

/**
 * At start-up, before the gateway listens: every post without a current render gets one (the first start after
 * renders were stored, a renderer change, posts a script wrote while the gateway was down). Nothing is served yet,
 * so the renderer runs right here.
 */
export async function renderPostsAtStart(db: Db, markdown: StoredRenderer, logger: Logger): Promise<void> {
  const stored = await postRenders({ db, markdown, logger }).renderOutdated();
  if (stored > 0) logger.info('blog posts rendered', { posts: stored });
}
