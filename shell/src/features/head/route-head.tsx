import { useEffect } from 'react';
import { useLocation } from '@agency/contracts/router';
import { AGENCY_NAME, findRoute, notFoundRoute } from '@agency/contracts';
import { hostApi } from '../../host-api';

function setMeta(attr: 'name' | 'property', key: string, content: string | null) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === null) return el?.remove();
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  el.content = content;
}

function setCanonical(url: string | null) {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (url === null) return el?.remove();
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.append(el);
  }
  el.href = url;
}

const JSON_LD = 'script[type="application/ld+json"]';

let latest = 0;

/**
 * Structured data is for crawlers, which load each URL whole and get it in the HTML from the gateway. It needs the
 * blog, FAQ and price tables (6.7 KB gzip), so it is loaded on the first client-side navigation instead of
 * with every page. A slower earlier navigation never overwrites a later one.
 */
async function applyStructuredData(path: string | null, origin: string) {
  const call = ++latest;
  const data = path
    ? (await import(/* webpackChunkName: "structured-data" */ '@agency/contracts/structured-data')).structuredDataFor(
        path,
        origin,
      )
    : [];
  if (call !== latest) return;
  for (const old of document.head.querySelectorAll(JSON_LD)) old.remove();
  for (const item of data) {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = JSON.stringify(item);
    document.head.append(script);
  }
}

/**
 * The gateway writes each route's head into the HTML it serves; after a client-side navigation this keeps
 * title, description, canonical, Open Graph, Twitter card and JSON-LD in step with the route table (the same data).
 * Resolves once the structured data is in place.
 */
export function applyRouteHead(pathname: string, origin: string): Promise<void> {
  const route = findRoute(pathname);
  const title = route?.title ?? notFoundRoute.title;
  const description = route?.description ?? notFoundRoute.description;
  const url = route ? origin + route.path : null;
  document.title = title;
  setMeta('name', 'description', description);
  setMeta('name', 'keywords', route?.keywords.length ? route.keywords.join(', ') : null);
  setCanonical(url);
  setMeta('property', 'og:title', url ? title : null);
  setMeta('property', 'og:description', url ? description : null);
  setMeta('property', 'og:url', url);
  setMeta('property', 'og:site_name', url ? AGENCY_NAME : null);
  setMeta('name', 'twitter:card', url ? 'summary' : null);
  setMeta('name', 'twitter:title', url ? title : null);
  setMeta('name', 'twitter:description', url ? description : null);
  return applyStructuredData(route?.path ?? null, origin);
}

// The gateway writes every page's head, a description always among it; the dev server's template has none.
let servedHead = typeof document !== 'undefined' && document.head.querySelector('meta[name="description"]') !== null;

export function RouteHead() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (servedHead) {
      servedHead = false;
      return;
    }
    // If the structured-data code cannot be fetched the visitor's navigation goes on; crawlers load pages whole.
    applyRouteHead(pathname, hostApi.config.publicOrigin).catch(() => {});
  }, [pathname]);
  return null;
}
