import { Hono, type Context } from 'hono';
import type { Listing } from '../content';
import { feedXml, robotsTxt, sitemapXml } from './feed-and-sitemap';

/**
 * The sitemap, the blog's Atom feed and robots.txt: for crawlers and feed readers, on the public site only (`serves`);
 * the portal answers them 404 and tells crawlers not to index it (decision 0077).
 */
export function sitemapRoutes({
  origin,
  content,
  serves,
}: {
  origin: string;
  serves: (c: Context) => boolean;
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
    .on('GET', ['/sitemap.xml', '/blog/feed.xml', '/robots.txt'], async (c, next) =>
      serves(c) ? next() : c.notFound(),
    )
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
