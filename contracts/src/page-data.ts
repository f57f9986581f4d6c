import { slugOfPath } from './paths';
import { findRoute } from './routes';

/**
 * The staff-edited content a page shows (issue 25, decision 0034), by key. Each key is answered by one public API
 * call, so the page gets the same JSON whether the gateway rendered it (the data then travels in the HTML, in the
 * element PAGE_DATA_ELEMENT_ID) or the browser navigated to it (it fetches the URL itself).
 */
export type PageDataKey =
  'blog-posts' | 'case-studies' | 'service-packages' | `blog-post/${string}` | `case-study/${string}`;

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

/** The data a page needs; nothing for pages whose content lives in code. */
export function pageDataKeys(pathname: string): PageDataKey[] {
  const route = findRoute(pathname);
  if (!route) return [];
  if (route.content === 'blog-post') return [`blog-post/${slugOfPath(pathname)}`];
  if (route.content === 'case-study') return [`case-study/${slugOfPath(pathname)}`];
  if (route.path in STANDALONE_ARTICLES)
    return [`blog-post/${STANDALONE_ARTICLES[route.path as keyof typeof STANDALONE_ARTICLES]}`];
  switch (route.path) {
    case '/':
      return ['case-studies'];
    case '/services':
      return ['service-packages', 'case-studies'];
    case '/blog':
      return ['blog-posts'];
    default:
      return [];
  }
}
