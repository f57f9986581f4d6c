import { useEffect } from 'react';
import { useLocation } from '@agency/contracts/router';
import { findRoute, pageHead } from '@agency/contracts';
import { hostApi } from '../../host-api';
import { applyHead } from './head-dom';
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
  applyHead(pageHead(pathname, origin, data));
  const structuredData = findRoute(pathname)
    ? (await import(/* webpackChunkName: "structured-data" */ '@agency/contracts/structured-data')).structuredDataFor(
        pathname,
        origin,
        data,
      )
    : [];
  if (call === latest) applyHead(pageHead(pathname, origin, data, structuredData), true);
}

/** The head of the page at `pathname` from the content known (its own among it, once its page showed it). */
function writeHead(pathname: string): void {
  const data = shownContent();
  // If the structured-data code cannot be fetched the visitor's navigation goes on; crawlers load pages whole.
  const { site, publicOrigin, portalOrigin } = hostApi.config;
  applyRouteHead(pathname, site === 'portal' ? portalOrigin : publicOrigin, data).catch(() => {});
}

// The gateway writes every page's head, a description always among it; the dev server's template has none.
let servedHead = typeof document !== 'undefined' && document.head.querySelector('meta[name="description"]') !== null;

/**
 * Keeps the head in step with the page after a client-side navigation (the gateway writes the first page's): on each
 * new path, and again when a page reports content it had not shown yet (a post's title, description and image).
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
