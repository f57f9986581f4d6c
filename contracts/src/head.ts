import { AGENCY_NAME } from './content/business';
import type { JsonLd } from './pages/json-ld';
import { notFoundRoute } from './pages/not-found';
import { itemKey } from './pages/page-record';
import { withoutTrailingSlash } from './paths';
import { findPageRecord } from './routes';

/**
 * One tag of a page's head. The gateway writes them into the HTML it serves (escaped); the shell applies them to the
 * document after a client-side navigation. Both take them from `pageHead`, so a page has the same head either way.
 */
export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; attr: 'name' | 'property'; key: string; content: string }
  | { tag: 'link'; rel: 'canonical'; href: string }
  | { tag: 'script'; type: 'application/ld+json'; json: JsonLd };

const meta = (attr: 'name' | 'property', key: string, content: string): HeadTag => ({
  tag: 'meta',
  attr,
  key,
  content,
});

/** The 404 page's head: a title and a description, no canonical URL, no card, no structured data. */
export const notFoundHead = (): HeadTag[] => [
  { tag: 'title', text: notFoundRoute.title },
  meta('name', 'description', notFoundRoute.description),
];

/**
 * The head of the page at `pathname`: title, description, keywords, canonical URL, the Open Graph and Twitter cards
 * link previews use, and its JSON-LD, from the page's record (pages/). `data` is the content the page shows, by key
 * (page-data.ts), as far as it is known: a page about one item (a post, a case study) takes its title, description and
 * image from it as its record's `itemHead` says, its type is `article`, and it is the 404 page when the item is null
 * (it does not exist). `structuredData` is the page's JSON-LD
 * (`structuredDataFor(pathname, origin, data)`); passed in, because its tables are heavy and the shell loads them only
 * after a client-side navigation. Without it the head has no JSON-LD tags.
 */
export function pageHead(
  pathname: string,
  origin: string,
  data: Record<string, unknown> = {},
  structuredData?: readonly JsonLd[],
): HeadTag[] {
  const record = findPageRecord(pathname);
  const path = withoutTrailingSlash(pathname);
  const key = record && itemKey(record, path);
  const item = key === undefined ? undefined : data[key];
  if (!record || item === null) return notFoundHead();
  const { route } = record;
  // A page about one item takes what its record's `itemHead` says from the item (pages/).
  const fromItem = item && record.itemHead ? record.itemHead(item, origin) : {};
  const title = fromItem.title ?? route.title;
  const description = fromItem.description ?? route.description;
  const { image } = fromItem;
  const url = origin + path;
  return [
    { tag: 'title', text: title },
    meta('name', 'description', description),
    ...(route.keywords.length ? [meta('name', 'keywords', route.keywords.join(', '))] : []),
    { tag: 'link', rel: 'canonical', href: url },
    meta('property', 'og:type', item ? 'article' : 'website'),
    meta('property', 'og:site_name', AGENCY_NAME),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', 'en_NZ'),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(structuredData ?? []).map((json): HeadTag => ({ tag: 'script', type: 'application/ld+json', json })),
  ];
}
