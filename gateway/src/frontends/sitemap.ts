import { html } from 'hono/html';
import { routes } from '@agency/contracts';

const priority = (path: string) => (path === '/' ? '1.0' : path.split('/').length > 2 ? '0.6' : '0.8');

/** Every indexable route of the route table. Blog articles are anchors on /blog, not URLs of their own. */
export function sitemapXml(origin: string): string {
  const urls = routes
    .filter((r) => r.indexable)
    // hono/html escapes each value (its entities are XML's too).
    .map((r) => `  ${html`<url><loc>${origin + r.path}</loc><priority>${priority(r.path)}</priority></url>`}`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Private areas stay out of crawlers' reach; every public page is open and the sitemap is named. The sign-in and
 * reset pages are public pages (clients search for "<agency> login"), so they may be crawled, but the sitemap leaves
 * them out. A reset link's token is never a crawlable URL: it only travels in the e-mail, and requests to other
 * sites carry only the origin (Referrer-Policy). Disallowing them would only fail Lighthouse's crawlability audit.
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /dashboard',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
