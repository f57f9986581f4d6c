import { html } from 'hono/html';
import { AGENCY_NAME, blogPostPath, caseStudyPath, routes, xmlSafe } from '@agency/contracts';
import type { Listing } from '../content';

const priority = (path: string) => (path === '/' ? '1.0' : path.split('/').length > 2 ? '0.6' : '0.8');
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Every indexable route of the route table, every published post with its last change, and every active case
 * study. hono/html escapes each value (its entities are XML's too).
 */
export function sitemapXml(origin: string, { posts, studies }: Listing): string {
  const newest = posts[0]?.updatedAt;
  const url = (path: string, lastmod?: Date) =>
    `  ${html`<url><loc>${origin + path}</loc>${lastmod ? html`<lastmod>${day(lastmod)}</lastmod>` : ''}<priority>${priority(path)}</priority></url>`}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...routes.filter((r) => r.indexable).map((r) => url(r.path, r.path === '/blog' ? newest : undefined)),
    ...posts.map((p) => url(blogPostPath(p.slug), p.updatedAt)),
    ...studies.map((s) => url(caseStudyPath(s.slug))),
    '</urlset>',
    '',
  ].join('\n');
}

/** Posts in the Atom feed: the newest this many. */
const FEED_ENTRIES = 20;

/**
 * `/blog/feed.xml`: the newest published posts as an Atom feed (RFC 4287). Text is written without the characters
 * XML 1.0 does not allow (a row stored before they were refused at write would make the whole feed unreadable).
 */
export function feedXml(origin: string, { posts }: Listing): string {
  const shown = posts.slice(0, FEED_ENTRIES);
  const updated = (shown[0]?.updatedAt ?? new Date(0)).toISOString();
  const entries = shown.map(
    (p) =>
      html` <entry>
        <title>${xmlSafe(p.title)}</title>
        <link href="${origin + blogPostPath(p.slug)}" />
        <id>${origin + blogPostPath(p.slug)}</id>
        <published>${p.publishedAt.toISOString()}</published>
        <updated>${p.updatedAt.toISOString()}</updated>
        <summary>${xmlSafe(p.excerpt)}</summary>
      </entry>`,
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    String(
      html` <title>${AGENCY_NAME} Blog</title>
        <link href="${origin}/blog" />
        <link rel="self" href="${origin}/blog/feed.xml" />
        <id>${origin}/blog</id>
        <updated>${updated}</updated>
        <author><name>${AGENCY_NAME}</name></author>`,
    ),
    ...entries.map(String),
    '</feed>',
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
