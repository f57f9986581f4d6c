import { AGENCY_NAME } from '../content/business';
import type { PublicBlogPost } from '../schemas/content';
import { clipDescription, pageTitle, type ItemHead, type PageRecord } from './page-record';

/** The blog; its JSON-LD and a post's: blog.json-ld.ts. */
export const blogPage = {
  route: {
    path: '/blog',
    owner: 'marketing',
    module: 'blog-page',
    indexable: true,
    title: pageTitle('Blog: Digital Marketing for NZ Small Businesses'),
    description:
      'Practical articles on SEO, Google Business Profile, e-commerce and local marketing for New Zealand businesses.',
    keywords: ['digital marketing blog NZ', 'SEO tips', 'local business marketing'],
  },
  lists: ['blog-posts'],
  structuredData: 'blog',
} as const satisfies PageRecord;

/** A post's page is titled and described by the post, and its card shows the post's image. */
const postHead = (item: unknown, origin: string): ItemHead => {
  const post = item as PublicBlogPost;
  return {
    title: `${post.title} | ${AGENCY_NAME}`,
    description: clipDescription(post.excerpt),
    ...(post.imageUrl ? { image: origin + post.imageUrl } : {}),
  };
};

/** A page per published post. */
export const blogPostPage = {
  route: {
    path: '/blog/:slug',
    owner: 'marketing',
    module: 'blog-post-page',
    indexable: false,
    content: 'blog-post',
    title: pageTitle('Blog'),
    description: 'An article from our blog on digital marketing for New Zealand small businesses.',
    keywords: [],
  },
  itemHead: postHead,
  structuredData: 'post',
} as const satisfies PageRecord;
