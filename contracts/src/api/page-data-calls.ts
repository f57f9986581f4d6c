import { BLOG_PAGE_SIZE, type PageDataKey } from '../page-data';
import { blogPost, blogPosts, caseStudies, caseStudy, servicePackages } from './public-content';
import { pathOf, type AnswerOf, type Endpoint } from './endpoint';

/** The public API call that answers a page-data key (decision 0034): its entry, and what fills its path and query. */
export interface PageDataRequest {
  endpoint: Endpoint;
  params?: Record<string, string>;
  query?: Record<string, number>;
}

/** What a key's call answers, parsed. */
export type PageDataOf<K extends PageDataKey> = K extends 'blog-posts'
  ? AnswerOf<typeof blogPosts>
  : K extends 'case-studies'
    ? AnswerOf<typeof caseStudies>
    : K extends 'service-packages'
      ? AnswerOf<typeof servicePackages>
      : K extends `blog-post/${string}`
        ? AnswerOf<typeof blogPost>
        : K extends `case-study/${string}`
          ? AnswerOf<typeof caseStudy>
          : never;

/** The one place a key becomes a call: the browser makes it with the HTTP client, the gateway in-process. */
export function pageDataRequest(key: PageDataKey): PageDataRequest {
  const [kind, slug = ''] = key.split('/') as [string, string | undefined];
  switch (kind) {
    case 'blog-posts':
      return { endpoint: blogPosts, query: { page: 1, pageSize: BLOG_PAGE_SIZE } };
    case 'blog-post':
      return { endpoint: blogPost, params: { slug } };
    case 'case-study':
      return { endpoint: caseStudy, params: { slug } };
    case 'case-studies':
      return { endpoint: caseStudies };
    default:
      return { endpoint: servicePackages };
  }
}

/** The URL of a key's call (a GET, same origin). */
export function pageDataUrl(key: PageDataKey): string {
  const { endpoint, params, query } = pageDataRequest(key);
  return pathOf(endpoint, params, query);
}
