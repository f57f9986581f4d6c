import { SERVICES } from './content/services';
import { pageItem, STANDALONE_ARTICLES, type PageDataKey, type PageListKey } from './page-data';
import { withoutTrailingSlash } from './paths';
import { findRoute, type RouteDef, type RoutePath } from './routes';

/** The schema.org JSON-LD a page carries: content/structured-data.ts builds each kind. */
export type StructuredDataKind =
  | 'organization'
  | 'contact'
  | 'services'
  | 'service'
  | 'faq'
  | 'blog'
  | 'post'
  | 'case-study'
  | 'article'
  | 'lead-engine-offer';

export interface PageSpec {
  /** The staff-edited lists it shows. */
  lists?: readonly PageListKey[];
  structuredData?: StructuredDataKind;
}

/**
 * What each page carries beside its code, by route (the route table's `path`): the lists it shows and the kind of
 * structured data it carries. A page about one item (a content route's, a stand-alone article) shows that item
 * (page-data.ts `pageItem`). A route not here shows no content and carries no structured data. The gateway (the
 * content it puts in pages) and the structured data read this one map; the head follows the item (head.ts).
 * In a module of its own: its initialiser is code a minifier keeps, and the shell's first load does without it.
 */
export const PAGES: { readonly [P in RoutePath]?: PageSpec } = {
  '/': { lists: ['case-studies'], structuredData: 'organization' },
  '/about-us': { structuredData: 'organization' },
  '/contact': { structuredData: 'contact' },
  '/services': { lists: ['service-packages', 'case-studies'], structuredData: 'services' },
  ...Object.fromEntries(SERVICES.map((s) => [`/services/${s.slug}`, { structuredData: 'service' as const }])),
  '/faq': { structuredData: 'faq' },
  '/blog': { lists: ['blog-posts'], structuredData: 'blog' },
  '/blog/:slug': { structuredData: 'post' },
  '/case-studies/:slug': { structuredData: 'case-study' },
  ...Object.fromEntries(Object.keys(STANDALONE_ARTICLES).map((path) => [path, { structuredData: 'article' as const }])),
  '/local-lead-engine-offer': { structuredData: 'lead-engine-offer' },
};

export interface PageAt extends PageSpec {
  route: RouteDef;
  /** The URL's path without a trailing slash: a content route's own. */
  path: string;
  /** The content it shows, by key (none for a page whose content lives in code). */
  keys: PageDataKey[];
  /** The key of the one item it is about (`pageItem`): a 404 without it. */
  item?: PageDataKey;
}

/** The page at a URL path, or undefined for the 404 page. */
export function findPage(pathname: string): PageAt | undefined {
  const route = findRoute(pathname);
  if (!route) return undefined;
  const spec: PageSpec = PAGES[route.path as RoutePath] ?? {};
  const path = withoutTrailingSlash(pathname);
  const item = pageItem(route, path);
  return { ...spec, route, path, keys: item ? [item] : [...(spec.lists ?? [])], item };
}

/** The data a page needs; nothing for pages whose content lives in code. */
export const pageDataKeys = (pathname: string): PageDataKey[] => findPage(pathname)?.keys ?? [];
