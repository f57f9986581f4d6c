import { SERVICE_SLUGS } from './content/services';
import { STANDALONE_ARTICLES, type PageDataKey, type PageListKey } from './page-data';
import { slugOfPath } from './paths';
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
  /** A stand-alone article page (STANDALONE_ARTICLES): shows that post under its own title. */
  article?: string;
  structuredData?: StructuredDataKind;
}

/**
 * What each page carries beside its code, by route (the route table's `path`): the content it shows, the item its
 * head follows, the structured data it carries. The pages of a content route (`/blog/:slug`) are each about the item
 * their URL names (the route's `content`). A route not here shows no content and carries no structured data.
 * The gateway (pages and heads), the shell (heads after a client-side navigation) and the structured data all read
 * this one map.
 */
export const PAGES: { readonly [P in RoutePath]?: PageSpec } = {
  '/': { lists: ['case-studies'], structuredData: 'organization' },
  '/about-us': { structuredData: 'organization' },
  '/contact': { structuredData: 'contact' },
  '/services': { lists: ['service-packages', 'case-studies'], structuredData: 'services' },
  ...Object.fromEntries(SERVICE_SLUGS.map((slug) => [`/services/${slug}`, { structuredData: 'service' as const }])),
  '/faq': { structuredData: 'faq' },
  '/blog': { lists: ['blog-posts'], structuredData: 'blog' },
  '/blog/:slug': { structuredData: 'post' },
  '/case-studies/:slug': { structuredData: 'case-study' },
  ...Object.fromEntries(
    Object.entries(STANDALONE_ARTICLES).map(([path, slug]) => [path, { article: slug, structuredData: 'article' }]),
  ),
  '/local-lead-engine-offer': { structuredData: 'lead-engine-offer' },
};

export interface PageAt extends PageSpec {
  route: RouteDef;
  /** The URL's path without a trailing slash: a content route's own. */
  path: string;
  /** The content it shows, by key (none for a page whose content lives in code). */
  keys: PageDataKey[];
  /** The key of the one item it is about (a post, a case study, an article's post): a 404 without it. */
  item?: PageDataKey;
}

/** The page at a URL path, or undefined for the 404 page. */
export function findPage(pathname: string): PageAt | undefined {
  const route = findRoute(pathname);
  if (!route) return undefined;
  const spec: PageSpec = PAGES[route.path as RoutePath] ?? {};
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const item: PageDataKey | undefined = route.content
    ? `${route.content}/${slugOfPath(path)}`
    : spec.article
      ? `blog-post/${spec.article}`
      : undefined;
  return { ...spec, route, path, keys: item ? [item] : [...(spec.lists ?? [])], item };
}

/** The data a page needs; nothing for pages whose content lives in code. */
export const pageDataKeys = (pathname: string): PageDataKey[] => findPage(pathname)?.keys ?? [];
