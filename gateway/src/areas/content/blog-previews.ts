import { and, eq } from 'drizzle-orm';
import { endpoints, type PublicBlogPost } from '@agency/contracts';
import { requireStaff } from '../../platform/http/guards/access';
import { PREVIEW_PARAM, type PreviewLinks } from './preview-links';
import { blogPosts } from '../../platform/db';
import type { BlogDeps } from './blog-posts';
import { staffRows } from './staff-rows';
import type { ApiDeps } from '../../platform/http/deps';
import { endpointRoutes } from '../../platform/http/routes';

const NOT_FOUND = 'No such blog post, or the preview link has expired';

/**
 * Preview links (decision 0063): staff ask for a signed, expiring link to a post at its public address, and the
 * gateway's page for that address asks here for the post as it would show it. The page is on the public origin,
 * which carries no session (decision 0077): the signed link alone opens it, for whoever holds it until it expires;
 * an expired, altered or mistaken link is the same 404 as a post nobody has.
 */
export function blogPreviewsApi({ db, env, logger }: ApiDeps, markdown: BlogDeps['markdown'], links: PreviewLinks) {
  // A post whose questions do not parse is previewed with none, and a warning (staff-rows.ts).
  const mend = staffRows(logger);
  return endpointRoutes()
    .on(endpoints.blogPostPreviewLink, async (c) => {
      requireStaff(c);
      const [post] = await db
        .select({ id: blogPosts.id, slug: blogPosts.slug })
        .from(blogPosts)
        .where(eq(blogPosts.id, c.req.valid('param').id));
      if (!post) return c.json({ message: 'No such blog post' }, 404);
      const { token, expiresAt } = await links.sign(post.id);
      // On the public site: the dashboard that asks is on the portal.
      const url = `${env.publicConfig.publicOrigin}/blog/${encodeURIComponent(post.slug)}?${PREVIEW_PARAM}=${token}`;
      return c.json({ url, expiresAt: expiresAt.toISOString() });
    })
    .on(endpoints.blogPostPreview, async (c) => {
      const { slug, token } = c.req.valid('query');
      const id = await links.verify(token);
      if (id === null || slug === null) return c.json({ message: NOT_FOUND }, 404);
      const [post] = mend(
        'blog_posts',
        await db
          .select()
          .from(blogPosts)
          .where(and(eq(blogPosts.id, id), eq(blogPosts.slug, slug))),
      );
      if (!post) return c.json({ message: NOT_FOUND }, 404);
      const render = await markdown.renderPost(post.body);
      // A body the site could not show was refused when saved; a row edited by hand is shown as its problem.
      const html = render.ok ? render.post.html : `<p>${render.problem.replace(/[<>&]/g, '')}</p>`;
      const shown: PublicBlogPost = {
        id: post.id,
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        imageUrl: post.imageUrl,
        imageAlt: post.imageAlt,
        category: post.category,
        faq: post.faq,
        // A draft has no date yet: it shows as if it went live now.
        publishedAt: (post.publishedAt ?? new Date()).toISOString(),
        updatedAt: post.updatedAt.toISOString(),
        html,
        readMinutes: render.ok ? render.post.readMinutes : 1,
        steps: render.ok ? render.post.steps : [],
        preview: post.status === 'published' ? 'published' : 'draft',
      };
      return c.json(shown);
    }).app;
}
