import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_BUCKET_COOKIE } from '@agency/contracts';
import { setupApp } from '../../../test/helpers';
import { startBucket, type TestBucket } from '../../../testing/shared-services';
import { publishWithServerBuild, rootOf, withShellServer } from '../../../test/server-builds';

/**
 * Decision 0057: with ASSET_BASE_URL browsers load the stored versions from a CDN or a public bucket instead of
 * this gateway (the pointer, the page's hints, the server-rendered page's stylesheets and public path, the CSP), and
 * a gateway on a bucket renders pages with server builds fetched from it once into its data folder.
 */
const CDN = 'https://cdn.example.test/agency/remotes';

let bucket: TestBucket;
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  bucket = await startBucket();
});
afterAll(() => bucket.stop());
afterEach(() => t.cleanup());

describe('ASSET_BASE_URL', () => {
  it('points the pointer, the pages and the CSP at the asset base', async () => {
    t = await setupApp({ ...bucket.env, ASSET_BASE_URL: `${CDN}/` });
    await withShellServer(t);
    const version = await publishWithServerBuild(t, 'cdn');
    const base = `${CDN}/marketing/${version}/`;

    const pointer = (await (await t.app.request('/mfe/pointer.json')).json()) as {
      remotes: Record<string, { entry: string }>;
    };
    expect(pointer.remotes.marketing!.entry).toBe(`${base}mf-manifest.json`);

    const res = await t.app.request('/');
    const html = await res.text();
    expect(html).toContain(`"entry":"${base}mf-manifest.json"`);
    expect(html).toContain(`href="${base}mf-manifest.json" as="fetch" crossorigin="anonymous"`);
    expect(html).toContain(`<link rel="stylesheet" href="${base}home.css" />`);
    expect(rootOf(html)).toContain(`assets under ${base}`);
    const csp = res.headers.get('content-security-policy')!;
    for (const directive of ['script-src', 'style-src', 'connect-src', 'img-src', 'font-src'])
      expect(csp.split(';').find((d) => d.trim().startsWith(directive))).toContain('https://cdn.example.test');

    // The gateway still answers a CDN's origin pulls, and lets pages of its own origin read them.
    const entry = await t.app.request(`/mfe/marketing/${version}/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('a canary is loaded from the asset base too', async () => {
    t = await setupApp({ ...bucket.env, ASSET_BASE_URL: CDN });
    await withShellServer(t);
    await publishWithServerBuild(t, 'live');
    const canary = await publishWithServerBuild(t, 'canary', undefined, { canary: 99 });
    const pages = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        Promise.resolve(t.app.request('/', { headers: { cookie: `${RELEASE_BUCKET_COOKIE}=${i * 12}` } })).then((r) =>
          r.text(),
        ),
      ),
    );
    expect(pages.some((html) => html.includes(`"entry":"${CDN}/marketing/${canary}/mf-manifest.json"`))).toBe(true);
    expect(pages.every((html) => !html.includes('"entry":"/mfe/'))).toBe(true);
  });

  it('unset, browsers load the stored versions from this gateway, as before', async () => {
    t = await setupApp({});
    await withShellServer(t);
    const version = await publishWithServerBuild(t, 'here');
    const pointer = (await (await t.app.request('/mfe/pointer.json')).json()) as {
      remotes: Record<string, { entry: string }>;
    };
    expect(pointer.remotes.marketing!.entry).toBe(`/mfe/marketing/${version}/mf-manifest.json`);
    const entry = await t.app.request(`/mfe/marketing/${version}/remoteEntry.js`);
    expect(entry.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('server builds from a bucket', () => {
  it('are fetched once into the data folder and rendered from there', async () => {
    t = await setupApp(bucket.env);
    await withShellServer(t);
    const version = await publishWithServerBuild(t, 'bucketed');
    expect(rootOf(await (await t.app.request('/')).text())).toContain('bucketed home');
    const cached = path.join(t.env.dataDir, 'cache', 'server-builds', 'marketing', version, 'server.cjs');
    expect((await stat(cached)).isFile()).toBe(true);
    const gets = bucket.requests.filter(
      (r) => r.method === 'GET' && r.url.includes(`/marketing/${version}/ssr/server.cjs`),
    ).length;
    expect(gets).toBe(1);
  });
});
