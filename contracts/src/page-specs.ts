import type { PageDataKey, PageListKey } from './page-data';
import { withoutTrailingSlash } from './paths';
import { findPageRecord, pageRecords, type RoutePath } from './routes';
import { itemKey, type PageRecord, type RouteDef, type StructuredDataKind } from './pages/page-record';

export type { ItemHead, PageRecord, StructuredDataKind } from './pages/page-record';

export interface PageSpec {
  /** The staff-edited lists it shows. */
  lists?: readonly PageListKey[];
  structuredData?: StructuredDataKind;
}

const specOf = ({ lists, structuredData }: PageRecord): PageSpec => ({
  ...(lists ? { lists } : {}),
  ...(structuredData ? { structuredData } : {}),
});

/**
 * What each page carries beside its code, by route (the route table's `path`), as its record says: the lists it
 * shows and the kind of structured data it carries. A route not here shows no content and carries no structured data.
 * In a module of its own: its initialiser is code a minifier keeps, and the shell's first load does without it.
 */
export const PAGES: { readonly [P in RoutePath]?: PageSpec } = Object.fromEntries(
  pageRecords.flatMap((r: PageRecord) => (r.lists || r.structuredData ? [[r.route.path, specOf(r)]] : [])),
);

export interface PageAt extends PageSpec {
  route: RouteDef;
  /** The URL's path without a trailing slash: a content route's own. */
  path: string;
  /** The content it shows, by key (none for a page whose content lives in code). */
  keys: PageDataKey[];
  /** The key of the one item it is about (`itemKey`): a 404 without it. */
  item?: PageDataKey;
}

/** The page at a URL path, or undefined for the 404 page. */
export function findPage(pathname: string): PageAt | undefined {
  const record = findPageRecord(pathname);
  if (!record) return undefined;
  const path = withoutTrailingSlash(pathname);
  const item = itemKey(record, path);
  return { ...specOf(record), route: record.route, path, keys: item ? [item] : [...(record.lists ?? [])], item };
}

/** The data a page needs; nothing for pages whose content lives in code. */
export const pageDataKeys = (pathname: string): PageDataKey[] => findPage(pathname)?.keys ?? [];
