import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { POINTER_ELEMENT_ID, routes, SIGNED_IN_COOKIE } from '@agency/contracts';
import { browser } from '../../../test/auth-client';
import { fakeRemoteBuild, fromPeer, remoteStore, setupApp } from '../../../test/helpers';
import { publishWithServerBuild, renderCount, rootOf, withShellServer } from '../../../test/server-builds';
import { FRESH_MS } from '../releases/live-pointer';

/** Decision 0023: each page is built once per route and live pointer, and served from memory. */
const EDGE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

let t: Awaited<ReturnType<typeof setupApp>>;
afterEach(() => t.cleanup());

const get = (p: string, headers: Record<string, string> = {}) => Promise.resolve(t.app.request(p, { headers }));
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
const gauge = async (name: string) =>
  Number(
    new RegExp(`^${name} (\\d+)$`, 'm').exec(
      await (await t.app.request('/metrics', {}, fromPeer('127.0.0.1'))).text(),
    )?.[1],
  );

describe('the page cache', () => {
  it('serves the same HTML in gzip and brotli, each with its own strong ETag, Vary and the edge policy', async () => {
    t = await setupApp();
    await withShellServer(t);
    await publishWithServerBuild(t, 'one');
    const plain = await get('/');
    const html = await bytes(plain);
    expect(rootOf(html.toString())).toContain('one home');
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(gunzipSync(await bytes(gz))).toEqual(html);
    expect(brotliDecompressSync(await bytes(br))).toEqual(html);
    const tags = [plain, gz, br].map((r) => r.headers.get('etag'));
    for (const res of [plain, gz, br]) {
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe(EDGE);
      expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/); // strong: no W/
    }
    expect(new Set(tags).size).toBe(3);
    expect(Number(plain.headers.get('content-length'))).toBe(html.length);
    // Asked again: the same bytes and validators.
    const again = await get('/', { 'accept-encoding': 'gzip' });
    expect(again.headers.get('etag')).toBe(gz.headers.get('etag'));
  });

  it('answers 304 to a revalidation that names the page, and the full page otherwise', async () => {
    t = await setupApp();
    const first = await get('/services', { 'accept-encoding': 'br' });
    const etag = first.headers.get('etag')!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get('/services', { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch });
      expect(res.status, ifNoneMatch).toBe(304);
      expect((await bytes(res)).length).toBe(0);
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toBe(EDGE);
    }
    expect((await get('/services', { 'if-none-match': '"stale"' })).status).toBe(200);
    // Another page's validator is not this page's.
    expect((await get('/blog', { 'if-none-match': etag })).status).toBe(200);
    // The 404 page is never "not modified".
    expect((await get('/no-such-page', { 'if-none-match': '*' })).status).toBe(404);
  });

  it('renders each page once per live version, and again after a deploy and after a rollback', async () => {
    t = await setupApp();
    await withShellServer(t);
    await publishWithServerBuild(t, 'one');
    // Ten visitors at once on a page not built yet: one render.
    const first = await Promise.all(Array.from({ length: 10 }, () => get('/').then((r) => r.text())));
    expect(new Set(first).size).toBe(1);
    for (let i = 0; i < 5; i++) await get('/');
    expect(await renderCount(t.app)).toBe(1);
    const etagOne = (await get('/')).headers.get('etag');

    // A deploy by another process (the `remotes` CLI) through its own store handle: the next request sees it.
    const other = remoteStore(t);
    await publishWithServerBuild(t, 'two');
    const two = await get('/');
    expect(rootOf(await two.text())).toContain('two home');
    expect(two.headers.get('etag')).not.toBe(etagOne);
    await other.rollback('marketing');
    const back = await get('/');
    expect(rootOf(await back.text())).toContain('one home');
    expect(back.headers.get('etag')).toBe(etagOne); // the same bytes again
    expect(await renderCount(t.app, 'ok')).toBe(3);
  });

  it('holds one 404 page for every unknown path, so scanners cannot grow it', async () => {
    t = await setupApp();
    for (const p of ['/', '/services', '/blog']) await get(p);
    const before = await gauge('page_cache_entries');
    for (let i = 0; i < 50; i++) expect((await get(`/probe-${i}/wp-login.php`)).status).toBe(404);
    expect(await gauge('page_cache_entries')).toBe(before + 1);
    expect(await gauge('page_cache_bytes')).toBeGreaterThan(0);
  });

  it('a deploy drops the pages of the pointer that is no longer live', async () => {
    t = await setupApp();
    const fixed = routes.filter((r) => !('content' in r));
    for (const r of fixed) await get(r.path);
    expect(await gauge('page_cache_entries')).toBe(fixed.length);
    await remoteStore(t).publish('quoting', await fakeRemoteBuild(t.root, 'q'));
    await get('/');
    expect(await gauge('page_cache_entries')).toBe(1);
  });

  it('without a readable release state: the page still answers, without the inline pointer, and is not cached', async () => {
    t = await setupApp();
    await remoteStore(t).publish('marketing', await fakeRemoteBuild(t.root, 'one'));
    expect(await get('/').then((r) => r.headers.get('cache-control'))).toBe(EDGE);
    // A row written by something other than the store (by hand, say) that breaks its rules, and a new revision.
    await t.db.run(sql`update release_remotes set current = '../../etc/passwd'`);
    await t.db.run(
      sql`insert into release_actions (revision, actor, host, action) values ((select max(revision) + 1 from release_actions), 'cli', 'x', 'publish')`,
    );
    // Written by another writer, not this gateway's store: seen once the last look's freshness window has passed.
    await new Promise((resolve) => setTimeout(resolve, FRESH_MS + 10));
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).not.toContain(`id="${POINTER_ELEMENT_ID}"`);
  });
});

describe('no cached HTML carries anything personal (decision 0023)', () => {
  it('a signed-in visitor gets the very same bytes as an anonymous one, on every page, and no cookie', async () => {
    t = await setupApp();
    await withShellServer(t);
    await publishWithServerBuild(t, 'one');
    const account = { username: 'pagecache_ana', email: 'ana.pagecache@example.nz', password: 'Kahikatea#2025' };
    const signedIn = browser(t.app, t.env.publicConfig.portalOrigin);
    expect((await signedIn.post('/api/register', account)).status).toBe(201);
    expect((await signedIn.get('/api/auth/user')).status).toBe(200);
    const cookie = [...signedIn.jar].map(([k, v]) => `${k}=${v}`).join('; ');

    for (const p of [...routes.map((r) => r.path), '/no-such-page']) {
      for (const encoding of ['', 'gzip', 'br']) {
        const anonymous = await get(p, { 'accept-encoding': encoding });
        const personal = await get(p, { 'accept-encoding': encoding, cookie });
        expect(personal.status, p).toBe(anonymous.status);
        expect(await bytes(personal), p).toEqual(await bytes(anonymous));
        expect(personal.headers.get('etag'), p).toBe(anonymous.headers.get('etag'));
        expect(personal.headers.get('cache-control'), p).toBe(EDGE);
        expect(personal.headers.getSetCookie(), p).toEqual([]);
      }
      const html = await (await get(p, { cookie })).text();
      // The signed-in hint (`1`) is the same for everyone and says nothing about who; every other value is personal.
      const secrets = [...signedIn.jar].filter(([name]) => name !== SIGNED_IN_COOKIE).map(([, value]) => value);
      for (const value of [account.username, account.email, ...secrets]) expect(html).not.toContain(value);
    }
  });
});
