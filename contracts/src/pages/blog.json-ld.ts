import { BUSINESS } from '../content/business';
import type { PublicBlogPost, PublicBlogPostPage } from '../schemas/content';
import {
  articleJsonLd,
  breadcrumbJsonLd,
  CONTEXT,
  home,
  organizationNode,
  postExtras,
  type JsonLd,
  type JsonLdBuilders,
  type PageData,
} from './json-ld';

/** A post's own page: its article data, breadcrumb, FAQ and how-to. */
function postPageJsonLd(origin: string, path: string, post: PublicBlogPost | undefined): JsonLd[] {
  if (!post) return [];
  return [
    articleJsonLd(origin, post, path),
    breadcrumbJsonLd(origin, [home, ['Blog', '/blog'], [post.title, path]]),
    ...postExtras([post]),
  ];
}

function blogListJsonLd(origin: string, data: PageData): JsonLd[] {
  const posts = (data['blog-posts'] as PublicBlogPostPage | undefined)?.items ?? [];
  return [
    {
      '@context': CONTEXT,
      '@type': 'Blog',
      name: `${BUSINESS.name} Blog`,
      url: `${origin}/blog`,
      publisher: organizationNode(origin),
      blogPost: posts.map((p) => articleJsonLd(origin, p, `/blog/${p.slug}`)),
    },
    breadcrumbJsonLd(origin, [home, ['Blog', '/blog']]),
    ...postExtras(posts),
  ];
}

/** The blog (its first page of posts) and a post's page (blog.ts). */
export const blogJsonLd = {
  blog: (origin, _path, data) => blogListJsonLd(origin, data),
  post: (origin, path, _data, post) => postPageJsonLd(origin, path, post as PublicBlogPost | undefined),
} satisfies JsonLdBuilders<'blog' | 'post'>;
