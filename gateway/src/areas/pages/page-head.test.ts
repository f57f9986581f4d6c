import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notFoundHead, pageDataKeys, pageDataUrl, pageHead, structuredDataFor, type HeadTag } from '@agency/contracts';
import { caseStudies } from '../../platform/db';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
const origin = 'https://beloud.example';
beforeAll(async () => {
  t = await setupApp({ PUBLIC_ORIGIN: origin });
  await t.db.insert(caseStudies).values({
    title: 'Café <Growth> & "Co"',
    slug: 'cafe-growth',
    scenario: 'A café in Cambridge wanted more bookings. '.repeat(8),
    imagePath: '/content-images/00000000-0000-4000-8000-000000000001.webp',
  });
});
afterAll(() => t.cleanup());

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The head tags of served HTML, in order, read back into the shape `pageHead` gives them. */
function headTagsOf(html: string): HeadTag[] {
  const head = html.slice(0, html.indexOf('</head>'));
  const tag =
    /<title>(.*?)<\/title>|<meta (name|property)="([^"]*)" content="([^"]*)" \/>|<link rel="canonical" href="([^"]*)" \/>|<script type="application\/ld\+json">(.*?)<\/script>/g;
  return [...head.matchAll(tag)].map(([, title, attr, key, content, canonical, json]): HeadTag => {
    if (title !== undefined) return { tag: 'title', text: unescape(title) };
    if (attr) return { tag: 'meta', attr: attr as 'name' | 'property', key: key!, content: unescape(content!) };
    if (canonical !== undefined) return { tag: 'link', rel: 'canonical', href: unescape(canonical) };
    return { tag: 'script', type: 'application/ld+json', json: JSON.parse(json!) as Record<string, unknown> };
  });
}

/** The content a page shows, as the public API gives it (what the shell is told after a client-side navigation). */
async function dataFor(path: string) {
  const keys = pageDataKeys(path);
  const values = await Promise.all(
    keys.map(async (k) => {
      const res = await t.app.request(pageDataUrl(k));
      return res.status === 404 ? null : ((await res.json()) as unknown);
    }),
  );
  return Object.fromEntries(keys.map((k, i) => [k, values[i]]));
}

describe('the head the gateway serves is the one contracts builds', () => {
  it.each([
    ['a static page', '/faq'],
    ['a list page', '/blog'],
    ['a blog post', '/blog/seo-strategies'],
    ['a case study (escaped, its image the card)', '/case-studies/cafe-growth'],
    ['a stand-alone article', '/ecommerce-optimization-blog'],
  ])('%s: %s', async (_kind, path) => {
    const data = await dataFor(path);
    const served = headTagsOf(await (await t.app.request(path)).text());
    expect(served).toEqual(pageHead(path, origin, data, structuredDataFor(path, origin, data)));
  });

  it.each(['/dashboard', '/auth'])("a portal page, %s: the portal's address, and no search engine's", async (path) => {
    const portal = t.env.publicConfig.portalOrigin;
    const served = headTagsOf(await (await t.app.request(path)).text());
    expect(served).toEqual([
      ...pageHead(path, portal, {}, structuredDataFor(path, portal, {})),
      { tag: 'meta', attr: 'name', key: 'robots', content: 'noindex, nofollow' },
    ]);
  });

  it('a blog post carries its card: og:type article, its image, a large-image Twitter card', async () => {
    const tags = headTagsOf(await (await t.app.request('/blog/seo-strategies')).text());
    const meta = (key: string) => tags.find((tag) => tag.tag === 'meta' && tag.key === key);
    expect(meta('og:type')).toMatchObject({ content: 'article' });
    expect(meta('og:image')).toMatchObject({
      content: expect.stringMatching(/^https:\/\/beloud\.example\/content-images\//),
    });
    expect(meta('twitter:card')).toMatchObject({ content: 'summary_large_image' });
  });

  it.each([
    ['an unknown path', '/no/such/page'],
    ['a post that does not exist', '/blog/no-such-post'],
  ])('the 404 page for %s', async (_kind, path) => {
    const res = await t.app.request(path);
    expect(res.status).toBe(404);
    expect(headTagsOf(await res.text())).toEqual(notFoundHead());
    expect(pageHead(path, origin, await dataFor(path))).toEqual(notFoundHead());
  });
});
