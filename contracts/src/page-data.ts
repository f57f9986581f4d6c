/**
 * The staff-edited content a page shows (decision 0034), by key. Each key is answered by one public API
 * call, so the page gets the same JSON whether the gateway rendered it (the data then travels in the HTML, in the
 * element PAGE_DATA_ELEMENT_ID) or the browser navigated to it (it fetches the URL itself). Which page shows which
 * keys: its record (pages/).
 */
export type PageDataKey = PageListKey | `blog-post/${string}` | `case-study/${string}`;
/** The lists a page may show: the same for every page that shows one. */
export type PageListKey = 'blog-posts' | 'case-studies' | 'service-packages';

export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** Posts on /blog (with their bodies); older ones load on demand. */
export const BLOG_PAGE_SIZE = 12;
/** Case studies on the home page. */
export const HOME_CASE_STUDIES = 3;

/**
 * The two stand-alone article pages of the spec show the post whose slug is named here (their records,
 * pages/articles.ts, take it from here). Apart from the records on purpose: the marketing remote's article pages
 * read it, and a record's initialiser would come with it.
 */
export const STANDALONE_ARTICLES = {
  '/google-business-profile-waikato': 'google-business-profile',
  '/ecommerce-optimization-blog': 'ecommerce-optimization',
} as const satisfies Record<string, string>;
