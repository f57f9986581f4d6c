import { STANDALONE_ARTICLES } from '../page-data';
import type { PublicBlogPost } from '../schemas/content';
import { pageTitle, type ItemHead, type PageRecord } from './page-record';

/** The spec's stand-alone article pages keep their own titles; their card shows the post's image. */
const articleHead = (item: unknown, origin: string): ItemHead => {
  const post = item as PublicBlogPost;
  return post.imageUrl ? { image: origin + post.imageUrl } : {};
};

/** The spec's two stand-alone articles, each showing one post; their JSON-LD: articles.json-ld.ts. */
export const gbpArticlePage = {
  route: {
    path: '/google-business-profile-waikato',
    owner: 'marketing',
    module: 'gbp-article-page',
    indexable: true,
    title: pageTitle('Google Business Profile Guide for Waikato SMEs'),
    description: 'How Waikato small businesses can get more calls from their Google Business Profile.',
    keywords: ['Google Business Profile Waikato', 'local SEO'],
  },
  article: STANDALONE_ARTICLES['/google-business-profile-waikato'],
  itemHead: articleHead,
  structuredData: 'article',
} as const satisfies PageRecord;

export const ecommerceArticlePage = {
  route: {
    path: '/ecommerce-optimization-blog',
    owner: 'marketing',
    module: 'ecommerce-article-page',
    indexable: true,
    title: pageTitle('E-commerce Optimisation Guide'),
    description: 'Practical ways to turn more online store visitors into buyers.',
    keywords: ['ecommerce optimisation NZ', 'online store conversion'],
  },
  article: STANDALONE_ARTICLES['/ecommerce-optimization-blog'],
  itemHead: articleHead,
  structuredData: 'article',
} as const satisfies PageRecord;
