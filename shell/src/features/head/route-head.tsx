import { useEffect } from 'react';
import { useLocation } from '@agency/contracts/router';
import { findPage, pageDataKeys, pageHead } from '@agency/contracts';
import { hostApi } from '../../host-api';
import { applyHeadTags, applyJsonLd } from './head-dom';
import { onContentShown, shownContent } from './shown-content';

let latest = 0;

/**
 * Writes the head of the page at `pathname` (contracts `pageHead`, the tags the gateway writes into its HTML) from
 * the content it shows, as far as it is known. Title, meta tags and canonical link at once; the JSON-LD once its
 * builder is loaded: structured data is for crawlers, which load each URL whole and get it in the HTML from the
 * gateway, and it needs the blog, FAQ and price tables (6.7 KB gzip), so it is loaded on the first client-side
 * navigation instead of with every page. A slower earlier navigation never overwrites a later one. Resolves once the
 * structured data is in place.
 */
export async function applyRouteHead(
  pathname: string,
  origin: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  const call = ++latest;
  applyHeadTags(pageHead(pathname, origin, data));
  const structuredData = findPage(pathname)?.structuredData
    ? (await import(/* webpackChunkName: "structured-data" */ '@agency/contracts/structured-data')).structuredDataFor(
        pathname,
        origin,
        data,
      )
    : [];
  if (call !== latest) return;
  applyJsonLd(pageHead(pathname, origin, data, structuredData));
}

/** The content known for a page: what its page reported showing, else what the gateway put in the first page. */
function knownContent(pathname: string): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const key of pageDataKeys(pathname)) {
    const reported = shownContent(key);
    const value = reported !== undefined ? reported : hostApi.pageData?.(key);
    if (value !== undefined) data[key] = value;
  }
  return data;
}

const sameContent = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => Object.is(a[k], b[k]));

// The gateway writes every page's head, a description always among it; the dev server's template has none.
let servedHead = typeof document !== 'undefined' && document.head.querySelector('meta[name="description"]') !== null;
/** The page and content the head was last written from: the served page's at first, so its own content (reported
 * by its page once it renders) writes nothing again. */
let written =
  servedHead && typeof location !== 'undefined'
    ? { path: location.pathname, data: knownContent(location.pathname) }
    : undefined;

function writeHead(pathname: string): void {
  const data = knownContent(pathname);
  if (written?.path === pathname && sameContent(written.data, data)) return;
  written = { path: pathname, data };
  // If the structured-data code cannot be fetched the visitor's navigation goes on; crawlers load pages whole.
  applyRouteHead(pathname, hostApi.config.publicOrigin, data).catch(() => {});
}

/**
 * Keeps the head in step with the page after a client-side navigation (the gateway writes the first page's): on each
 * new path, and again when its page reports the content it shows (a post's title, description and image).
 */
export function RouteHead() {
  const { pathname } = useLocation();
  useEffect(() => onContentShown(() => writeHead(location.pathname)), []);
  useEffect(() => {
    if (servedHead) {
      servedHead = false;
      return;
    }
    writeHead(pathname);
  }, [pathname]);
  return null;
}
