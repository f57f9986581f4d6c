import type { Role } from '../constants';
import { AGENCY_NAME } from '../content/business';
import type { PageDataKey, PageListKey } from '../page-data';
import { slugOfPath } from '../paths';
import type { RemoteName } from '../remotes';

/*
 * What one page is, in one record (decision 0112): its route (path, owner remote, exposed module, head text, roles,
 * server query), the staff-edited content it shows, the kind of JSON-LD it carries and how the item it is about
 * changes its head. Each page's record is a small module in this folder, beside the JSON-LD builders of its kinds
 * (`<page>.json-ld.ts`, kept apart because the shell loads them only after a client-side navigation). The route table,
 * the page map, heads and structured data are all derived from the records (routes.ts, page-specs.ts, head.ts,
 * structured-data.ts).
 */

/** Which independently deployed frontend renders a route. */
export type RouteOwner = RemoteName;

export interface RouteDef {
  path: string;
  owner: RouteOwner;
  /** Exposed module of the owning remote (without the leading './'), e.g. 'home-page'. */
  module: string;
  title: string;
  description: string;
  keywords: readonly string[];
  /** Roles allowed in; absent means public. */
  roles?: readonly Role[];
  /** Public, indexable page (listed in sitemap.xml). */
  indexable: boolean;
  /**
   * A page per published item (`/blog/:slug`): one pattern with one `:slug` segment. Its title and description here
   * are only fallbacks; the gateway writes the item's own head, and an unknown slug is the 404 page.
   */
  content?: 'blog-post' | 'case-study';
  /**
   * Query parameters whose presence, never their value, changes what the page shows at once: the gateway renders,
   * keeps and serves one page per set of them present (each with a placeholder value), and the page reads them with
   * `useSearchParam(name, whileHydrating, { rendered: 'by-presence' })`, so the browser's first render is the
   * server's. Absent: the page is rendered without its query.
   */
  serverQuery?: readonly string[];
}

/** The schema.org JSON-LD a page carries: the `<page>.json-ld.ts` modules build each kind. */
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

/** What the item a page is about puts in its head in place of the route's: any of title, description, image URL. */
export interface ItemHead {
  title?: string;
  description?: string;
  image?: string;
}

export interface PageRecord<Route extends RouteDef = RouteDef> {
  route: Route;
  /** The staff-edited lists it shows (page-data.ts), by key. */
  lists?: readonly PageListKey[];
  /**
   * A stand-alone article page: the slug of the post it shows (a content route shows the item its URL names). Either
   * way the page is about one item (`itemKey`): without it the page is a 404, and `itemHead` writes its head.
   */
  article?: string;
  /** How the item the page is about (its parsed public API answer) changes its head; `origin` for image URLs. */
  itemHead?: (item: unknown, origin: string) => ItemHead;
  structuredData?: StructuredDataKind;
}

/** A page's title as every page writes it. */
export const pageTitle = (title: string) => `${title} | ${AGENCY_NAME}`;

/** Search results show about this many characters of a description. */
const DESCRIPTION_MAX = 160;
/** A description from an item's text, cut to what search results show. */
export const clipDescription = (text: string) =>
  text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : text;

/**
 * The key of the one item the page at `path` (without a trailing slash) is about: the post or case study a content
 * route's URL names, or a stand-alone article's post. Without it the page is a 404, and its head follows it.
 */
export function itemKey(record: PageRecord, path: string): PageDataKey | undefined {
  if (record.route.content) return `${record.route.content}/${slugOfPath(path)}`;
  return record.article === undefined ? undefined : `blog-post/${record.article}`;
}
