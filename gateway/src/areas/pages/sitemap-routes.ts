import { Hono } from 'hono';
import type { Listing } from '../content';
import { feedXml, robotsTxt, sitemapXml } from './feed-and-sitemap';

/** The sitemap, the blog's Atom feed and robots.txt: for crawlers and feed readers. */
export function sitemapRoutes({
  origin,
  content,
}: {
  origin: string;
  content: {
    /** The content version (areas/content/write.ts): the listing changes only with it. */
    version: () => Promise<string>;
    /** Published posts and active case studies. */
    listing: () => Promise<Listing>;
  };
}) {
  // Both list what is published now, built once per content version (their cost grows with the posts; a request
  // for them costs one read of the version); a proxy may keep them five minutes.
  const listed = new Map<'sitemap' | 'feed', { version: string; xml: Promise<string> }>();
  const listingXml = async (kind: 'sitemap' | 'feed') => {
    const version = await content.version();
    let entry = listed.get(kind);
    if (entry?.version !== version) {
      const xml = content.listing().then((l) => (kind === 'sitemap' ? sitemapXml : feedXml)(origin, l));
      entry = { version, xml };
      listed.set(kind, entry);
      xml.catch(() => listed.get(kind) === entry && listed.delete(kind));
    }
    return entry.xml;
  };

  return new Hono()
    .get('/sitemap.xml', async (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.body(await listingXml('sitemap'), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
    })
    .get('/blog/feed.xml', async (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.body(await listingXml('feed'), 200, { 'Content-Type': 'application/atom+xml; charset=utf-8' });
    })
    .get('/robots.txt', (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.text(robotsTxt(origin));
    });
}
