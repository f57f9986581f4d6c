import { slugOfPath } from './paths';
import type { RouteDef } from './routes';

/**
 * The staff-edited content a page shows (decision 0034), by key. Each key is answered by one public API
 * call, so the page gets the same JSON whether the gateway rendered it (the data then travels in the HTML, in the
 * element PAGE_DATA_ELEMENT_ID) or the browser navigated to it (it fetches the URL itself). Which page shows which
 * keys: pages.ts.
 */
export type PageDataKey = PageListKey | `blog-post/${string}` | `case-study/${string}`;
/** The lists a page may show: the same for every page that shows one. */
export type PageListKey = 'blog-posts' | 'case-studies' | 'service-packages';

export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** Posts on /blog (with their bodies); older ones load on demand. */
export const BLOG_PAGE_SIZE = 12;
/** Case studies on the home page. */
export const HOME_CASE_STUDIES = 3;

/** The two stand-alone article pages of the spec show the post whose slug is named here. */
export const STANDALONE_ARTICLES = {
  '/google-business-profile-waikato': 'google-business-profile',
  '/ecommerce-optimization-blog': 'ecommerce-optimization',
} as const satisfies Record<string, string>;

/**
 * The key of the one item the page at `path` (without a trailing slash) is about: the post or case study a content
 * route's URL names, or a stand-alone article's post. Without it the page is a 404, and its head follows it.
 */
export function pageItem(route: RouteDef, path: string): PageDataKey | undefined {
  if (route.content) return `${route.content}/${slugOfPath(path)}`;
  const article = STANDALONE_ARTICLES[route.path as keyof typeof STANDALONE_ARTICLES];
  return article ? `blog-post/${article}` : undefined;
}
