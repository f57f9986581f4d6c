import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findRoute,
  notFoundRoute,
  pageDataKeys,
  pageDataUrl,
  POINTER_ELEMENT_ID,
  routes,
  RUNTIME_CONFIG_ELEMENT_ID,
  siteOfRemote,
  structuredDataFor,
} from '@agency/contracts';
import { fakeRemoteBuild, remoteStore, setupApp } from './helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
let version: string;

beforeAll(async () => {
  t = await setupApp({ SUPPORT_PHONE: '07 555 1234 </script>' });
  const store = remoteStore(t);
  ({ version } = await store.publish('marketing', await fakeRemoteBuild(t.root, 'one')));
});
afterAll(() => t.cleanup());

describe('operations endpoints', () => {
  it('answers /healthz, and /readyz with what it checked', async () => {
    expect((await t.app.request('/healthz')).status).toBe(200);
    // Only marketing is published here: readiness names the others (test/readiness.test.ts has the rest).
    const ready = await t.app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      status: 'unavailable',
      checks: { database: 'ok', bucket: 'ok', remotes: expect.stringContaining('No live version of quoting, account') },
      // It also says where team code runs (decision 0073): here, in namespaces as nobody, as the image runs it.
      teamCode: { runs: true, namespaces: 'privileged', uid: 65534, summary: expect.stringContaining('namespaces') },
    });
  });

  it('puts a request id on every response', async () => {
    const res = await t.app.request('/healthz');
    expect(res.headers.get('x-request-id')).toMatch(/.{8,}/);
  });
});

describe('/api', () => {
  it('answers 401 with a message for the session read while nobody is signed in', async () => {
    const res = await t.app.request('/api/auth/user');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });

  it('answers unknown API paths with JSON 404, never the HTML shell', async () => {
    const res = await t.app.request('/api/does-not-exist', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ message: 'No API endpoint POST /api/does-not-exist' });
  });
});

/** Each route by a URL of its own: a content route by a seeded item (the SEO article; a case study made here). */
const pagePaths = routes.map((r) => (r.path === '/blog/:slug' ? '/blog/seo-strategies' : r.path));

/** The content a page shows, as the public API gives it (what the gateway embeds and renders from). */
async function dataFor(path: string) {
  const keys = pageDataKeys(path);
  const values = await Promise.all(keys.map(async (k) => (await t.app.request(pageDataUrl(k))).json()));
  return Object.fromEntries(keys.map((k, i) => [k, values[i]]));
}

/** Each page is served by its own site (decision 0077): the portal's four by the portal. */
const originOf = (path: string) =>
  siteOfRemote(findRoute(path)!.owner) === 'portal' ? 'http://portal.localhost:8787' : 'http://localhost:8787';

describe('pages', () => {
  const titled = routes.filter((r) => !('content' in r)).map((r) => [r.path, r.title] as const);
  it.each(titled)('%s answers 200 with its own title', async (path, title) => {
    const res = await t.app.request(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${title.replace(/&/g, '&amp;')}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${originOf(path)}${path}" />`);
    // Decision 0023: page HTML is the same for every visitor, so an edge cache may hold it briefly.
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
  });

  it.each(pagePaths.filter((p) => !p.includes(':')))(
    '%s carries its Open Graph tags and exactly its JSON-LD',
    async (path) => {
      const html = await (await t.app.request(path)).text();
      expect(html).toContain(`<meta property="og:url" content="${originOf(path)}${path}" />`);
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
        JSON.parse(m[1]!),
      );
      expect(blocks).toEqual(structuredDataFor(path, originOf(path), await dataFor(path)));
    },
  );

  it("gives a post's own page the post's title, description, image and Article data", async () => {
    const res = await t.app.request('/blog/seo-strategies');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>10 SEO Tactics for New Zealand Small Businesses | Be Loud Digital</title>');
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/blog/seo-strategies" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/localhost:8787\/content-images\/[\w-]+\.webp" \/>/,
    );
    expect(html).toContain('"@type":"BlogPosting"');
  });

  it('answers 404 for a slug no published post has, and keeps no page for it', async () => {
    for (const path of ['/blog/no-such-post', '/case-studies/no-such-study']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain(`<title>${notFoundRoute.title}</title>`);
    }
  });

  it('serves the FAQ and blog structured data crawlers look for', async () => {
    const faq = await (await t.app.request('/faq')).text();
    expect(faq).toContain('"@type":"FAQPage"');
    const blog = await (await t.app.request('/blog')).text();
    for (const type of ['Blog', 'BreadcrumbList', 'FAQPage', 'HowTo']) expect(blog).toContain(`"@type":"${type}"`);
    // The five articles that shipped in code are the first posts, each still at its anchor's slug.
    for (const slug of [
      'auckland-retail-strategies',
      'landscaping-ideas',
      'ecommerce-optimization',
      'google-business-profile',
      'seo-strategies',
    ])
      expect(blog).toContain(`/blog/${slug}"`);
    const home = await (await t.app.request('/')).text();
    expect(home).toContain('"ratingValue":4.9');
  });

  it('answers an unknown path 404 with the same shell and the 404 title', async () => {
    const res = await t.app.request('/no/such/page');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain(`<title>${notFoundRoute.title}</title>`);
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('application/ld+json');
  });

  it('treats a trailing slash as the same route', async () => {
    expect((await t.app.request('/services/')).status).toBe(200);
  });

  it('embeds the public runtime config so that it cannot break out of its script element', async () => {
    const html = await (await t.app.request('/')).text();
    const match = html.match(
      new RegExp(`<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`),
    );
    expect(match?.[1]).toBeDefined();
    expect(match?.[1]).not.toContain('</script>');
    expect(JSON.parse(match?.[1] ?? '')).toMatchObject({
      supportPhone: '07 555 1234 </script>',
      supportEmail: 'support@beloud.co.nz',
    });
  });

  it('serves the shell assets immutable and root files with a short cache', async () => {
    const asset = await t.app.request('/assets/main.0123456789.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.request('/favicon.svg');
    expect(icon.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect((await t.app.request('/assets/missing.js')).status).toBe(404);
  });
});

describe('remote builds and the pointer', () => {
  it("inlines the pointer into every page and hints the route remote's manifest so it loads beside the shell", async () => {
    const html = await (await t.app.request('/')).text();
    const inline = new RegExp(`<script id="${POINTER_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(
      html,
    )?.[1];
    expect(JSON.parse(inline ?? 'null')).toEqual(await (await t.app.request('/mfe/pointer.json')).json());
    const base = `/mfe/marketing/${version}`;
    expect(html).toContain(`<link rel="preload" href="${base}/mf-manifest.json" as="fetch" crossorigin="anonymous" />`);
    expect(html.match(/rel="preload"/g)).toHaveLength(1);

    // A route of a remote with no live version, a protected route and the 404 page get no hints.
    for (const path of ['/price-calculator', '/dashboard', '/no-such-page']) {
      expect(await (await t.app.request(path)).text()).not.toContain('rel="preload"');
    }
  });

  it('serves the pointer with no-store, naming the live version', async () => {
    const res = await t.app.request('/mfe/pointer.json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      remotes: { marketing: { version, entry: `/mfe/marketing/${version}/mf-manifest.json` } },
    });
  });

  it('serves a remote build with correct MIME types and cache headers', async () => {
    const base = `/mfe/marketing/${version}`;
    const manifest = await t.app.request(`${base}/mf-manifest.json`);
    expect(manifest.headers.get('content-type')).toMatch(/application\/json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const entry = await t.app.request(`${base}/remoteEntry.js`);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const chunk = await t.app.request(`${base}/__federation_expose_page.0123456789.js`);
    expect(chunk.headers.get('content-type')).toMatch(/javascript/);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const css = await t.app.request(`${base}/__federation_expose_page.0123456789.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('never serves files outside a version folder', async () => {
    for (const path of [
      `/mfe/marketing/${version}/..%2f..%2fpointer-state.json`,
      `/mfe/marketing/${version}/%2e%2e/%2e%2e/pointer-state.json`,
      '/mfe/marketing/../pointer-state.json',
      '/mfe/unknown/v1/remoteEntry.js',
    ]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
    }
  });
});
