import { and, asc, desc, eq, isNotNull, lte } from 'drizzle-orm';
import { blogPosts, caseStudies, type Db } from '../db';
import type { Listing } from '../frontends/sitemap';

/** Published, due posts (newest first) and active case studies with their pages, for the sitemap and the feed. */
export async function publishedListing(db: Db): Promise<Listing> {
  const [posts, studies] = await Promise.all([
    db
      .select({
        slug: blogPosts.slug,
        title: blogPosts.title,
        excerpt: blogPosts.excerpt,
        publishedAt: blogPosts.publishedAt,
        updatedAt: blogPosts.updatedAt,
      })
      .from(blogPosts)
      .where(and(eq(blogPosts.status, 'published'), lte(blogPosts.publishedAt, new Date())))
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)),
    db
      .select({ slug: caseStudies.slug })
      .from(caseStudies)
      .where(and(eq(caseStudies.isActive, true), isNotNull(caseStudies.slug)))
      .orderBy(asc(caseStudies.sortOrder), asc(caseStudies.id)),
  ]);
  return {
    posts: posts.map((p) => ({ ...p, publishedAt: p.publishedAt ?? p.updatedAt })),
    studies: studies.flatMap((s) => (s.slug ? [{ slug: s.slug }] : [])),
  };
}
