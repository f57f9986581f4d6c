import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BUILD_FILE } from '@agency/contracts';
import { hotObjects } from '../files/hot-objects';
import { signedIn } from '../../../test/auth-client';
import { fakeRemoteBuild, remoteStore, setupApp } from '../../../test/helpers';
import { startBucket, type TestBucket } from '../../../testing/shared-services';

/**
 * Decision 0057: a gateway on a bucket (s3rver on loopback) serves remote build files, content images and
 * client files with the very headers the folder store gives them; hot files come from memory, bounded in bytes.
 */
type TestApp = Awaited<ReturnType<typeof setupApp>>;

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))};\n`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const SECRET = 'SERVER-ONLY-37';

/** A remote build with a script worth compressing, a picture, and a server build that is never served. */
async function build(t: TestApp, label: string, extra: Record<string, Buffer | string> = {}) {
  const dir = await fakeRemoteBuild(t.root, label);
  await writeFile(path.join(dir, 'app.0123456789.js'), SCRIPT);
  await writeFile(path.join(dir, 'photo.0123456789.png'), PNG);
  await mkdir(path.join(dir, 'ssr'), { recursive: true });
  await writeFile(path.join(dir, SERVER_BUILD_FILE), `/* ${SECRET} */`);
  for (const [name, body] of Object.entries(extra)) await writeFile(path.join(dir, name), body);
  return dir;
}

const cookie = (b: { jar: Map<string, string> }) => [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** What each answer says, less what differs by the moment (dates) and the random names: compared across backends. */
async function answers(t: TestApp) {
  const { version } = await remoteStore(t).publish('marketing', await build(t, 'served'));
  const admin = await signedIn(t.app, t.db, 'admin', 'serving-admin');
  const client = await signedIn(t.app, t.db, 'client', 'serving-client');
  const image = (await (
    await t.app.request('/api/admin/content-images', {
      method: 'POST',
      headers: { 'content-type': 'image/png', cookie: cookie(admin.b) },
      body: PNG,
    })
  ).json()) as { url: string };
  const file = (await (
    await t.app.request(`/api/admin/clients/${client.id}/files?name=plan.pdf`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', cookie: cookie(admin.b) },
      body: PDF,
    })
  ).json()) as { id: number };

  const base = `/mfe/marketing/${version}/`;
  const asks: [string, string, Record<string, string>][] = [
    ['script, brotli', `${base}app.0123456789.js`, { 'accept-encoding': 'gzip, br' }],
    ['script, plain', `${base}app.0123456789.js`, {}],
    ['entry', `${base}remoteEntry.js`, {}],
    ['picture, a range', `${base}photo.0123456789.png`, { range: 'bytes=1-4' }],
    ['picture, past its end', `${base}photo.0123456789.png`, { range: 'bytes=9999-' }],
    ['server build', `${base}${SERVER_BUILD_FILE}`, {}],
    ['a version never stored', `/mfe/marketing/9.9.9-ffffffffffff/remoteEntry.js`, {}],
    ['content image', image.url, {}],
    ['content image, a range', image.url, { range: 'bytes=-4' }],
    ['content image never uploaded', '/content-images/0f8fad5b-d9cb-469f-a165-70867728950e.png', {}],
    ['client file', `/api/files/${file.id}/download`, { cookie: cookie(client.b) }],
    ['client file, a range', `/api/files/${file.id}/download`, { cookie: cookie(client.b), range: 'bytes=0-3' }],
  ];
  const seen: Record<string, unknown> = {};
  for (const [what, url, headers] of asks) {
    const res = await t.app.request(url, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    const h = Object.fromEntries(
      [...res.headers].filter(([name]) => !['date', 'x-request-id', 'set-cookie'].includes(name)),
    );
    if (h['last-modified']) h['last-modified'] = 'a date';
    seen[what] = {
      status: res.status,
      headers: h,
      body:
        res.headers.get('content-encoding') === 'br'
          ? brotliDecompressSync(body).toString()
          : res.status === 404
            ? '(not found)'
            : body.toString('base64'),
    };
  }
  return { seen, version };
}

describe('a gateway on a bucket serves what a gateway on folders serves, header for header', () => {
  let bucket: TestBucket;
  let onFolders: TestApp;
  let onBucket: TestApp;
  beforeAll(async () => {
    bucket = await startBucket();
    onFolders = await setupApp({});
    onBucket = await setupApp(bucket.env);
  });
  afterAll(async () => {
    await onFolders.cleanup();
    await onBucket.cleanup();
    await bucket.stop();
  });

  it('remote files, content images and client files: same statuses, headers and bytes', async () => {
    const folder = await answers(onFolders);
    const s3 = await answers(onBucket);
    expect(s3.version).toBe(folder.version);
    expect(s3.seen).toEqual(folder.seen);

    // What those answers are, on both.
    const seen = s3.seen as Record<string, { status: number; headers: Record<string, string>; body: string }>;
    expect(seen['script, brotli']).toMatchObject({
      status: 200,
      body: SCRIPT,
      headers: {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
        'content-encoding': 'br',
        vary: 'Accept-Encoding',
        'x-content-type-options': 'nosniff',
      },
    });
    expect(seen['script, brotli']!.headers['content-security-policy']).toContain("default-src 'self'");
    expect(seen['entry']!.headers['cache-control']).toBe('no-cache');
    expect(seen['picture, a range']).toMatchObject({
      status: 206,
      body: PNG.subarray(1, 5).toString('base64'),
      headers: { 'content-range': `bytes 1-4/${PNG.length}`, 'accept-ranges': 'bytes', 'content-length': '4' },
    });
    expect(seen['picture, past its end']).toMatchObject({
      status: 416,
      headers: { 'content-range': `bytes */${PNG.length}` },
    });
    expect(seen['server build']!.status).toBe(404);
    expect(seen['a version never stored']!.status).toBe(404);
    expect(seen['content image']).toMatchObject({ status: 200, headers: { 'content-type': 'image/png' } });
    expect(seen['content image, a range']).toMatchObject({
      status: 206,
      body: PNG.subarray(PNG.length - 4).toString('base64'),
    });
    expect(seen['content image never uploaded']!.status).toBe(404);
    expect(seen['client file']).toMatchObject({
      status: 200,
      body: PDF.toString('base64'),
      headers: { 'content-type': 'application/pdf', 'cache-control': 'private, no-store' },
    });
    expect(seen['client file']!.headers['content-disposition']).toContain('plan.pdf');
    expect(seen['client file, a range']).toMatchObject({ status: 206, body: Buffer.from('%PDF').toString('base64') });
  });

  it('keeps the uploads in the bucket, not on the gateway disk', async () => {
    expect(bucket.requests.some((r) => r.method === 'PUT' && r.url.includes('/site/content-images/'))).toBe(true);
    expect(bucket.requests.some((r) => r.method === 'PUT' && r.url.includes('/site/files/'))).toBe(true);
    expect(
      bucket.requests.some((r) => r.method === 'PUT' && r.url.includes('/site/remotes/.versions/marketing/')),
    ).toBe(true);
  });
});

describe('hot remote files come from memory', () => {
  let bucket: TestBucket;
  let t: TestApp;
  let version: string;
  const KB = 1024;
  // Twelve files of 100 KB: more than the 1 MB cache holds; each under an eighth of it, so each may be kept.
  const parts = Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [`part-${i}.0123456789.png`, Buffer.alloc(100 * KB, i + 1)]),
  );
  beforeAll(async () => {
    bucket = await startBucket();
    t = await setupApp({ ...bucket.env, OBJECT_CACHE_MB: '1' });
    ({ version } = await remoteStore(t).publish(
      'marketing',
      await build(t, 'hot', { ...parts, 'large.0123456789.png': Buffer.alloc(300 * KB, 9) }),
    ));
  });
  afterAll(async () => {
    await t.cleanup();
    await bucket.stop();
  });
  const get = async (file: string, headers: Record<string, string> = {}) => {
    const res = await t.app.request(`/mfe/marketing/${version}/${file}`, { headers });
    await res.arrayBuffer();
    return res.status;
  };

  it('a file asked for again and again is fetched from the bucket once', async () => {
    for (let i = 0; i < 5; i++) expect(await get('app.0123456789.js', { 'accept-encoding': 'br' })).toBe(200);
    for (let i = 0; i < 5; i++) expect(await get('app.0123456789.js')).toBe(200);
    expect(bucket.gets('/app.0123456789.js')).toBe(1);
    // Concurrent first requests share one fetch.
    expect((await Promise.all(Array.from({ length: 8 }, () => get('remoteEntry.js')))).every((s) => s === 200)).toBe(
      true,
    );
    expect(bucket.gets('/remoteEntry.js')).toBe(1);
  });

  it('memory stays within the bound: the least recently used go, and a file too large is never kept', async () => {
    for (const file of Object.keys(parts)) expect(await get(file)).toBe(200);
    // 1.2 MB asked for: the first no longer fits and is fetched again; the last is still there.
    expect(await get('part-11.0123456789.png')).toBe(200);
    expect(bucket.gets('/part-11.0123456789.png')).toBe(1);
    expect(await get('part-0.0123456789.png')).toBe(200);
    expect(bucket.gets('/part-0.0123456789.png')).toBe(2);
    for (let i = 0; i < 3; i++) expect(await get('large.0123456789.png')).toBe(200);
    expect(bucket.gets('/large.0123456789.png')).toBe(3);
  });

  it('counts what it keeps, and never more than its bound', async () => {
    const hot = hotObjects(1024 * KB);
    for (const file of Object.keys(parts)) await hot.load(t.stores.remotes, `marketing/${version}/${file}`);
    expect(hot.stats().bytes).toBeLessThanOrEqual(1024 * KB);
    expect(hot.stats().entries).toBeGreaterThanOrEqual(9);
    expect(hot.stats().entries).toBeLessThan(12);
  });
});
