import { describe, expect, it } from 'vitest';
import { encodePage, etagOf, notModified } from '../../platform/files/encoded-page';
import { createPageCache, type Built } from './page-cache';

/** The page cache on its own: when it builds, what it serves meanwhile, and what it lets go. */
const page = (html: string) => encodePage(html, 200);
const built = async (html: string, extra: Partial<Built> = {}): Promise<Built> => ({
  page: await page(html),
  refreshAt: Infinity,
  ...extra,
});
const text = async (p: Promise<{ bodies: { identity: Uint8Array } }>) =>
  Buffer.from((await p).bodies.identity).toString();
const key = (route: string, pointer = 'p1') => ({ site: 'public' as const, route, pointer });

describe('createPageCache', () => {
  it('builds a page once, however many ask for it at once', async () => {
    const cache = createPageCache({ maxBytes: 1 << 20 });
    let builds = 0;
    const make = () => (builds++, built('<p>home</p>'));
    const pages = await Promise.all(Array.from({ length: 5 }, () => cache.get(key('/'), make)));
    expect(new Set(pages).size).toBe(1);
    await cache.get(key('/'), make);
    expect(builds).toBe(1);
    expect(cache.stats()).toEqual({ entries: 1, bytes: pages[0]!.bytes });
  });

  it('keeps serving a page due for a retry while it is built again, then serves the new one', async () => {
    const cache = createPageCache({ maxBytes: 1 << 20 });
    await cache.get(key('/'), () => built('<p>browser</p>', { refreshAt: Date.now() - 1 }));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const rebuild = async () => (await held, built('<p>rendered</p>'));
    expect(await text(cache.get(key('/'), rebuild))).toBe('<p>browser</p>');
    expect(await text(cache.get(key('/'), rebuild))).toBe('<p>browser</p>'); // one rebuild at a time
    release();
    await expect.poll(() => text(cache.get(key('/'), rebuild))).toBe('<p>rendered</p>');
  });

  it('replaces a page given out while its render still ran with the rendered one when it ends', async () => {
    const cache = createPageCache({ maxBytes: 1 << 20 });
    let finish!: (b: Built) => void;
    const later = new Promise<Built>((r) => (finish = r));
    const first = await cache.get(key('/'), () => built('<p>browser</p>', { later }));
    expect(Buffer.from(first.bodies.identity).toString()).toBe('<p>browser</p>');
    finish(await built('<p>rendered</p>'));
    await expect.poll(() => text(cache.get(key('/'), () => built('never')))).toBe('<p>rendered</p>');
  });

  it('forgets a failed build, so the next request tries again', async () => {
    const cache = createPageCache({ maxBytes: 1 << 20 });
    await expect(cache.get(key('/'), () => Promise.reject(new Error('no template')))).rejects.toThrow('no template');
    expect(await text(cache.get(key('/'), () => built('<p>ok</p>')))).toBe('<p>ok</p>');
  });

  it('drops the pages of another pointer, and the oldest pages past its byte cap', async () => {
    const cache = createPageCache({ maxBytes: 1 << 20 });
    await cache.get(key('/', 'old'), () => built('<p>old</p>'));
    await cache.get(key('/', 'new'), () => built('<p>new</p>'));
    cache.retain((k) => k.pointer === 'new');
    expect(cache.stats().entries).toBe(1);

    const one = (await page('x'.repeat(2000))).bytes;
    const small = createPageCache({ maxBytes: one * 2 });
    for (const route of ['/a', '/b', '/c']) await small.get(key(route), () => built('x'.repeat(2000)));
    await expect.poll(() => small.stats().entries).toBe(2);
    let rebuilt = false;
    await small.get(key('/a'), () => ((rebuilt = true), built('x'.repeat(2000))));
    expect(rebuilt).toBe(true); // the oldest went first
  });
});

describe('validators', () => {
  it('give each encoding its own strong ETag, and any of them (weak or strong) revalidates', async () => {
    const p = await page('<p>same</p>');
    const tags = [etagOf(p, null), etagOf(p, 'gzip'), etagOf(p, 'br')];
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) {
      expect(notModified(p, tag)).toBe(true);
      expect(notModified(p, `W/${tag}`)).toBe(true);
    }
    expect(notModified(p, `"x", ${tags[1]}`)).toBe(true);
    expect(notModified(p, '*')).toBe(true);
    expect(notModified(p, '"x"')).toBe(false);
    expect(notModified(p, undefined)).toBe(false);
    expect(etagOf(await page('<p>same</p>'), null)).toBe(tags[0]);
    expect(etagOf(await page('<p>other</p>'), null)).not.toBe(tags[0]);
  });
});
