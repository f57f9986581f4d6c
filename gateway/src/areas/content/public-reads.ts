import { and, asc, eq, getTableColumns, lte, sql } from 'drizzle-orm';
import { blogPosts, servicePackages, type Db } from '../../platform/db';
import { PublicServicePackageRowSchema, type PublicRows } from './public-rows';

/**
 * What the public site reads of posts and packages, shared by the public API and the sitemap and feed, so a page
 * they name is a page the API shows (case studies: case-studies.ts). JSON columns come as stored text, checked row
 * by row (public-rows.ts).
 */

/** Published and due: what visitors may see, at the moment of the request. */
export const isPublicPost = () => and(eq(blogPosts.status, 'published'), lte(blogPosts.publishedAt, new Date()));

/** A post's own fields as a public read selects them: never its Markdown body. */
export const publicPostFields = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  imageUrl: blogPosts.imageUrl,
  imageAlt: blogPosts.imageAlt,
  category: blogPosts.category,
  faq: sql<unknown>`${blogPosts.faq}`,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
};

const rawPackage = { ...getTableColumns(servicePackages), features: sql<unknown>`${servicePackages.features}` };

/** Active service packages by sortOrder, each checked; a bad one is left out and logged. */
export async function publicServicePackages(db: Db, rows: PublicRows) {
  const found = await db
    .select(rawPackage)
    .from(servicePackages)
    .where(eq(servicePackages.isActive, true))
    .orderBy(asc(servicePackages.sortOrder), asc(servicePackages.id));
  return rows('service_packages', PublicServicePackageRowSchema, found);
}
