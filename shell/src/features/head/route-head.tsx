import { useEffect } from 'react';
import { useLocation } from '@agency/contracts/router';
import { AGENCY_NAME, findRoute, notFoundRoute, structuredDataFor } from '@agency/contracts';
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

/**
 * The gateway writes each route's head into the HTML it serves; after a client-side navigation this keeps
 * title, description, canonical, Open Graph and JSON-LD in step with the route table (the same data).
 */
export function applyRouteHead(pathname: string, origin: string) {
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
  for (const old of document.head.querySelectorAll('script[type="application/ld+json"]')) old.remove();
  for (const data of route ? structuredDataFor(route.path, origin) : []) {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = JSON.stringify(data);
    document.head.append(script);
  }
}

export function RouteHead() {
  const { pathname } = useLocation();
  useEffect(() => applyRouteHead(pathname, hostApi.config.publicOrigin), [pathname]);
  return null;
}
