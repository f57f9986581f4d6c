import { desc, eq, sql } from 'drizzle-orm';
import { publicCaseStudies } from './case-studies';
import { blogPostRenders, blogPosts, type Db } from '../../platform/db';
import { isPublicPost, publicPostFields } from './public-reads';
import { ListedPostRowSchema, type PublicRows } from './public-rows';
import type { PostRenders } from './renders';

/** What is public now: published posts (newest first) and active case studies. */
export interface Listing {
  posts: { slug: string; title: string; excerpt: string; publishedAt: Date; updatedAt: Date }[];
  studies: { slug: string }[];
}

/**
 * Published, due posts (newest first) and active case studies with their pages, for the sitemap and the feed.
 * Each row is checked as the public API checks it (a bad one is left out and logged, areas/content/public-rows.ts).
 */
export async function publishedListing(db: Db, rows: PublicRows, renders: PostRenders): Promise<Listing> {
  const [posts, studies] = await Promise.all([
    db
      .select({ ...publicPostFields, rendered: sql<number>`${blogPostRenders.postId} is not null` })
      .from(blogPosts)
      .leftJoin(blogPostRenders, eq(blogPostRenders.postId, blogPosts.id))
      .where(isPublicPost())
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)),
    // The same studies /services shows, so the sitemap never names a page that answers 404.
    publicCaseStudies(db, rows),
  ]);
  // Only posts the public API shows: rendered (one written outside the API is, moments later) and well formed.
  if (posts.some((p) => !p.rendered)) renders.soon();
  return {
    posts: rows(
      'blog_posts',
      ListedPostRowSchema,
      posts.filter((p) => p.rendered),
    ),
    studies: studies.map((s) => ({ slug: s.slug })),
  };
}
