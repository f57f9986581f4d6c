import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import { slugify } from '@agency/contracts';
import { blogPosts, caseStudies, contentImages, contentState, gatewayRoot, type Db } from '../../platform/db';
import type { ObjectStore } from '../../platform/storage/object-store';

/** The five articles that shipped in code before posts lived in the database (decision 0033). */
const SEED_DIR = path.join(gatewayRoot, 'content', 'seed');

interface SeedPost {
  slug: string;
  title: string;
  publishedAt: string;
  imageAlt: string;
  excerpt: string;
  category: string;
  image: string;
  faq: { question: string; answer: string }[];
}

/** Fixed names, so a seed that stopped halfway and runs again writes the same files. */
const seedImageName = (index: number) => `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}.webp`;

/**
 * Runs at every start and does its work once: the five articles become the first posts, keeping their slugs (the
 * `/blog#<id>` anchors and the two stand-alone pages still find them), with their cover images stored in the
 * content image area. A post staff later delete stays deleted. Case studies from before they had slugs get one.
 */
export async function seedContent(db: Db, images: ObjectStore): Promise<void> {
  const [state] = await db.select({ seededAt: contentState.seededAt }).from(contentState).where(eq(contentState.id, 1));
  if (state && !state.seededAt) {
    const posts = JSON.parse(await readFile(path.join(SEED_DIR, 'posts.json'), 'utf8')) as SeedPost[];
    const rows = await Promise.all(
      posts.map(async (post, i) => {
        const file = seedImageName(i);
        const image = await readFile(path.join(SEED_DIR, post.image));
        // Already there after a seed that stopped halfway: the same bytes under the same name.
        await images.put(file, image, {
          contentType: 'image/webp',
          sha256: createHash('sha256').update(image).digest('hex'),
        });
        const body = await readFile(path.join(SEED_DIR, `${post.slug}.md`), 'utf8');
        return { post, file, body, size: image.length };
      }),
    );
    await db.batch([
      db
        .insert(contentImages)
        .values(rows.map(({ file, size }) => ({ file, type: 'image/webp', size })))
        .onConflictDoNothing(),
      db
        .insert(blogPosts)
        .values(
          rows.map(({ post, file, body }) => ({
            slug: post.slug,
            title: post.title,
            excerpt: post.excerpt,
            body,
            imageUrl: `/content-images/${file}`,
            imageAlt: post.imageAlt,
            category: post.category,
            status: 'published' as const,
            publishedAt: new Date(post.publishedAt),
            faq: post.faq,
          })),
        )
        .onConflictDoNothing(),
      db.update(contentState).set({ seededAt: new Date() }).where(eq(contentState.id, 1)),
    ]);
  }

  const unslugged = await db
    .select({ id: caseStudies.id, title: caseStudies.title })
    .from(caseStudies)
    .where(isNull(caseStudies.slug));
  for (const study of unslugged) {
    const slug = `${slugify(study.title) || 'case-study'}-${study.id}`;
    await db.update(caseStudies).set({ slug }).where(eq(caseStudies.id, study.id));
  }
}
