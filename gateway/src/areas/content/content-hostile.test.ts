import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_DATA_ELEMENT_ID } from '@agency/contracts';
import type * as ListingModule from './listing';
import type * as MarkdownThreadsModule from './markdown-threads';
import { RENDERER_VERSION } from './renders';
import { createLogger } from '../../platform/logger';
import { browser, signedIn } from '../../../test/auth-client';
import { insertRaw, setupApp } from '../../../test/helpers';

/**
 * Decision 0049: content staff store, or a script or an older version stored,
 * never makes a public read expensive or takes a public page down.
 */

// Every Markdown render ends in sanitize-html: counting its calls shows whether a request rendered anything on
// the event loop; renders sent to the Markdown thread are counted where they are sent.
const sanitizeCalls = vi.hoisted(() => ({ n: 0 }));
const threadRenders = vi.hoisted(() => ({ n: 0 }));
vi.mock('./markdown-threads', async (importOriginal) => {
  const real = (await importOriginal()) as typeof MarkdownThreadsModule;
  return {
    markdownThreads: (...args: Parameters<typeof real.markdownThreads>) => {
      const threads = real.markdownThreads(...args);
      const counted =
        <A extends unknown[], R>(f: (...a: A) => R) =>
        (...a: A) => {
          threadRenders.n++;
          return f(...a);
        };
      return { ...threads, renderPost: counted(threads.renderPost), renderStored: counted(threads.renderStored) };
    },
  };
});
vi.mock('sanitize-html', async (importOriginal) => {
  const real = ((await importOriginal()) as { default: (...args: unknown[]) => string }).default;
  const counted = Object.assign((...args: unknown[]) => {
    sanitizeCalls.n++;
    return real(...args);
  }, real);
  return { default: counted };
});
// The sitemap's and feed's listing, counted the same way.
const listingCalls = vi.hoisted(() => ({ n: 0 }));
vi.mock('./listing', async (importOriginal) => {
  const real = (await importOriginal()) as typeof ListingModule;
  return {
    publishedListing: (...args: Parameters<typeof real.publishedListing>) => {
      listingCalls.n++;
      return real.publishedListing(...args);
    },
  };
});

let t: Awaited<ReturnType<typeof setupApp>>;
let admin: ReturnType<typeof browser>;
const visitor = () => browser(t.app);
const logged: { level: string; msg: string; table?: string; id?: number; field?: string }[] = [];

beforeAll(async () => {
  const logger = createLogger('warn', (line) => void logged.push(JSON.parse(line)));
  t = await setupApp({}, { logger });
  admin = (await signedIn(t.app, t.db, 'admin', 'hostile-admin')).b;
});
afterAll(() => t.cleanup());

const post = (slug: string, extra: Record<string, unknown> = {}) => ({
  title: `Post ${slug}`,
  slug,
  excerpt: `About ${slug}.`,
  body: `## Part\n\nWords about ${slug}.`,
  category: 'Local Business',
  status: 'published',
  ...extra,
});

/** A published post written straight into the database, as a script, a manual edit or an older version would. */
async function storedPost(slug: string, columns: Record<string, unknown> = {}) {
  const row = {
    slug,
    title: `Stored ${slug}`,
    excerpt: 'Written outside the API.',
    body: 'Plain words.',
    imageAlt: '',
    category: 'Stored',
    status: 'published',
    publishedAt: Date.now() - 60_000,
    faq: '[]',
    ...columns,
  };
  return insertRaw(t.db, 'blog_posts', row);
}

const storedRow = (table: 'case_studies' | 'service_packages', row: Record<string, unknown>) =>
  insertRaw(t.db, table, row);

/** The renders a background run is making: polled, not waited for by a fixed time. */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const publicSlugs = async () =>
  ((await visitor().get('/api/blog-posts?page=1&pageSize=24')).json.items as { slug: string }[]).map((p) => p.slug);

/** The content a served page carries for the browser, by key. */
async function pageData(path: string): Promise<Record<string, { items?: { id: number }[] } | null>> {
  const html = await (await t.app.request(path)).text();
  const json = new RegExp(`<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html);
  return JSON.parse(json?.[1] ?? 'null');
}

describe('item 3: Markdown is rendered when a post is written, never on a public read', () => {
  it('serves the list, a post and their pages without rendering anything', async () => {
    for (let i = 0; i < 3; i++)
      expect((await admin.post('/api/admin/blog-posts', post(`read-only-${i}`))).status).toBe(201);
    const before = sanitizeCalls.n + threadRenders.n;
    for (let i = 0; i < 5; i++) {
      const list = await visitor().get('/api/blog-posts?page=1&pageSize=12');
      expect(list.status).toBe(200);
      expect((list.json.items as { html: string }[])[0]!.html).toContain('<h3>Part</h3>');
      const one = await visitor().get('/api/blog-posts/read-only-1');
      expect(one.json.html).toContain('<h2>Part</h2>');
      expect((await t.app.request('/blog')).status).toBe(200);
      expect((await t.app.request('/blog/read-only-2')).status).toBe(200);
    }
    expect(sanitizeCalls.n + threadRenders.n - before).toBe(0);
  });

  it('renders every post at start-up, before any request', async () => {
    const rows = (await t.db.all(
      sql`select p.slug, r.renderer from blog_posts p left join blog_post_renders r on r.postId = p.id`,
    )) as { slug: string; renderer: number | null }[];
    expect(rows.length).toBeGreaterThanOrEqual(5); // the five articles the seed wrote, outside the API
    expect(rows.filter((r) => r.renderer !== RENDERER_VERSION)).toEqual([]);
  });

  it('renders a body changed outside the API again in the background, once', async () => {
    const id = (await admin.post('/api/admin/blog-posts', post('edited-by-hand'))).json.id as number;
    await t.db.run(sql`update blog_posts set body = '## Fixed by hand' where id = ${id}`);
    const html = await eventually(
      async () => (await visitor().get('/api/blog-posts/edited-by-hand')).json.html as string | undefined,
      (h) => h?.includes('Fixed by hand') === true,
    );
    expect(html).toContain('<h2>Fixed by hand</h2>');
    const before = sanitizeCalls.n + threadRenders.n;
    await visitor().get('/api/blog-posts/edited-by-hand');
    await visitor().get('/api/blog-posts?page=1&pageSize=24');
    expect(sanitizeCalls.n + threadRenders.n - before).toBe(0);
  });

  it('keeps the public answer per content version, compressed, with a validator', async () => {
    const first = await t.app.request('/api/blog-posts', { headers: { 'accept-encoding': 'br' } });
    expect(first.headers.get('content-encoding')).toBe('br');
    const etag = first.headers.get('etag')!;
    const again = await t.app.request('/api/blog-posts', {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const plain = await t.app.request('/api/blog-posts');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);
    await admin.post('/api/admin/blog-posts', post('newer-version'));
    const after = await t.app.request('/api/blog-posts', {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(after.status).toBe(200);
    const json = brotliDecompressSync(Buffer.from(await after.arrayBuffer())).toString();
    expect((JSON.parse(json) as { items: { slug: string }[] }).items[0]!.slug).toBe('newer-version');
  });

  it('pages the public list by at most 24 posts', async () => {
    const res = await visitor().get('/api/blog-posts?page=1&pageSize=25');
    expect(res.status).toBe(400);
    expect(res.json.errors).toHaveProperty('pageSize');
  });
});

describe('item 4: deeply nested Markdown is refused at write and never a 5xx', () => {
  const deep = {
    quotes: `${'>'.repeat(2000)} deep`,
    lists: Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n'),
    emphasis: `${'*a '.repeat(500)}b${' a*'.repeat(500)}`,
    'quotes in lists': Array.from({ length: 30 }, (_, i) => `${'  '.repeat(i)}- > item ${i}`).join('\n'),
  };

  it.each(Object.entries(deep))('refuses %s nested too deep with a 400 naming body, preview too', async (_, body) => {
    const res = await admin.post('/api/admin/blog-posts', post(`too-deep-${body.length}`, { body }));
    expect(res.status).toBe(400);
    expect((res.json.errors as { body: string }).body).toMatch(/more than 16 levels deep/);
    const preview = await admin.post('/api/admin/blog-posts/preview', { body });
    expect(preview.status).toBe(400);
    expect((preview.json.errors as { body: string }).body).toMatch(/more than 16 levels deep/);
    expect(preview.json.message).toMatch(/^The body nests quotes, lists, emphasis or links more than 16 levels deep/);
  });

  it('keeps the list, the post and /blog up when such a post was stored before the fix', async () => {
    expect((await admin.post('/api/admin/blog-posts', post('beside-the-deep-one'))).status).toBe(201);
    await storedPost('stored-deep-quotes', { body: deep.quotes });
    await storedPost('stored-deep-emphasis', { body: deep.emphasis });
    const slugs = await eventually(
      publicSlugs,
      (s) => s.includes('stored-deep-quotes') && s.includes('stored-deep-emphasis'),
    );
    expect(slugs).toContain('beside-the-deep-one');
    expect(slugs).toContain('stored-deep-quotes');
    const one = await visitor().get('/api/blog-posts/stored-deep-quotes');
    expect(one.status).toBe(200);
    expect(one.json.html).toContain('<blockquote>');
    const blog = await t.app.request('/blog');
    expect(blog.status).toBe(200);
    expect(await blog.text()).toContain('/blog/beside-the-deep-one');
    expect((await t.app.request('/blog/stored-deep-quotes')).status).toBe(200);
  });
});

describe('item 8: content of an odd shape is refused at write, and a stored one never takes a page down', () => {
  it('names the field of every odd shape in a 400 and stores nothing', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['case-studies', { title: 'Odd results', results: [{ toString: 1 }] }, 'results'],
      ['case-studies', { title: 'Odd strategies', strategies: [{ a: 1 }] }, 'strategies'],
      ['case-studies', { title: 'Odd results', results: 'text' }, 'results'],
      ['case-studies', { title: 'Odd results', results: { nested: { deeper: 1 } } }, 'results'],
      ['case-studies', { title: 'Odd challenges', challenges: [1, 2] }, 'challenges'],
      ['case-studies', { title: 'Long', challenges: Array.from({ length: 21 }, () => 'x') }, 'challenges'],
      ['service-packages', { type: 'web', name: 'Odd', price: '$1', features: [{ toString: 1 }] }, 'features'],
      ['service-packages', { type: 'web', name: 'Odd', price: '$1', buttonText: 7 }, 'buttonText'],
    ];
    for (const [kind, body, field] of cases) {
      const res = await admin.post(`/api/admin/${kind}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.errors as object).join(), JSON.stringify(body)).toContain(field);
    }
    const titles = (await t.db.all(sql`select title from case_studies`)) as { title: string }[];
    expect(titles.map((r) => r.title)).not.toContain('Odd results');
  });

  it('leaves a bad stored row out of /services, its API and the sitemap, logs it, and shows the rest', async () => {
    const good = (await admin.post('/api/admin/case-studies', { title: 'Good study', results: ['More calls'] })).json;
    const pkg = (await admin.post('/api/admin/service-packages', { type: 'web', name: 'Good pack', price: '$9' })).json;
    const bad = {
      toString: await storedRow('case_studies', {
        title: 'toString results',
        slug: 'tostring-results',
        results: '[{"toString":1}]',
        challenges: '[]',
      }),
      nested: await storedRow('case_studies', {
        title: 'Nested strategies',
        slug: 'nested-strategies',
        strategies: '{"a":{"b":[1]}}',
        challenges: '[]',
      }),
      longTitle: await storedRow('case_studies', { title: 'x'.repeat(5000), slug: 'long-title', challenges: '[]' }),
      badSlug: await storedRow('case_studies', { title: 'Bad slug', slug: 'Bad Slug!', challenges: '[]' }),
    };
    const badPackage = await storedRow('service_packages', {
      type: 'web',
      name: 'Odd pack',
      price: '$1',
      features: '[{"toString":1}]',
    });

    const studies = (await visitor().get('/api/case-studies')).json.items as { id: number }[];
    expect(studies.map((s) => s.id)).toContain(good.id);
    for (const id of Object.values(bad)) expect(studies.map((s) => s.id)).not.toContain(id);
    const packages = (await visitor().get('/api/service-packages')).json.items as { id: number }[];
    expect(packages.map((p) => p.id)).toEqual(expect.arrayContaining([pkg.id]));
    expect(packages.map((p) => p.id)).not.toContain(badPackage);
    expect((await visitor().get('/api/case-studies/tostring-results')).status).toBe(404);
    expect((await t.app.request('/case-studies/tostring-results')).status).toBe(404);

    const data = await pageData('/services');
    expect(data['case-studies']!.items!.map((s) => s.id)).toContain(good.id);
    expect(data['case-studies']!.items!.map((s) => s.id)).not.toContain(bad.toString);
    expect(data['service-packages']!.items!.map((p) => p.id)).not.toContain(badPackage);
    const sitemap = await (await t.app.request('/sitemap.xml')).text();
    expect(sitemap).toContain(`/case-studies/${good.slug}`);
    expect(sitemap).not.toContain('/case-studies/tostring-results');

    for (const id of Object.values(bad))
      expect(logged, `case study ${id}`).toContainEqual(
        expect.objectContaining({ level: 'warn', table: 'case_studies', id }),
      );
    expect(logged).toContainEqual(
      expect.objectContaining({ table: 'service_packages', id: badPackage, field: 'features.0' }),
    );
    // Staff still see every row, so they can open the bad one and fix it.
    const staffList = (await admin.get('/api/admin/case-studies?pageSize=100')).json.items as { id: number }[];
    expect(staffList.map((s) => s.id)).toEqual(expect.arrayContaining(Object.values(bad)));
  });

  it('leaves a blog post with a bad stored field out of the list, its page and the feed', async () => {
    const ids = {
      faq: await storedPost('faq-not-a-list', { faq: '{"question":"?"}' }),
      faqItems: await storedPost('faq-items-not-text', { faq: '[{"question":1,"answer":[]}]' }),
      date: await storedPost('date-out-of-range', { publishedAt: -1e20 }),
      updated: await storedPost('updated-not-a-date', { updatedAt: 1e20 }),
      image: await storedPost('image-elsewhere', { imageUrl: 'https://evil.example/x.png', imageAlt: 'x' }),
    };
    const list = await eventually(
      () => visitor().get('/api/blog-posts?page=1&pageSize=24'),
      (r) => r.status === 200 && logged.some((l) => l.id === ids.image),
    );
    expect(list.status).toBe(200);
    const slugs = (list.json.items as { slug: string }[]).map((p) => p.slug);
    for (const slug of [
      'faq-not-a-list',
      'faq-items-not-text',
      'date-out-of-range',
      'updated-not-a-date',
      'image-elsewhere',
    ])
      expect(slugs).not.toContain(slug);
    expect((await visitor().get('/api/blog-posts/faq-not-a-list')).status).toBe(404);
    expect((await t.app.request('/blog')).status).toBe(200);
    const feed = await t.app.request('/blog/feed.xml');
    expect(feed.status).toBe(200);
    expect(await feed.text()).not.toContain('faq-not-a-list');
    for (const id of Object.values(ids))
      expect(logged, `post ${id}`).toContainEqual(expect.objectContaining({ table: 'blog_posts', id }));
  });
});

describe('item 9: characters XML does not allow never reach the feed or the sitemap', () => {
  /**
   * The text of each element by its path (`feed/entry/title`), read by a conforming XML parser (saxes), which
   * refuses what XML 1.0 does not allow, as feed readers do: the test fails on any error it reports.
   */
  const parse = (xml: string) => {
    const parser = new SaxesParser();
    const errors: string[] = [];
    const open: string[] = [];
    const texts: Record<string, string[]> = {};
    parser.on('error', (e) => errors.push(e.message));
    parser.on('opentag', (tag) => open.push(tag.name));
    parser.on('closetag', () => open.pop());
    parser.on('text', (text) => {
      if (text.trim()) (texts[open.join('/')] ??= []).push(text);
    });
    parser.write(xml).close();
    expect(errors).toEqual([]);
    return texts;
  };

  it('strips them at write', async () => {
    const written = await admin.post(
      '/api/admin/blog-posts',
      post('control-characters', {
        title: 'Tabs\u000Band\u0001odd\uFFFE characters',
        excerpt: 'Form\u000Cfeed \uD800 here',
        faq: [{ question: 'Why\u0002?', answer: 'Because\u001F.' }],
      }),
    );
    expect(written.status).toBe(201);
    expect(written.json.title).toBe('Tabs andodd characters');
    expect(written.json.excerpt).toBe('Form feed  here');
    expect(written.json.faq).toEqual([{ question: 'Why?', answer: 'Because.' }]);
    const feed = parse(await (await t.app.request('/blog/feed.xml')).text());
    expect(feed['feed/entry/title']).toContain('Tabs andodd characters');
  });

  it('leaves them out of the feed and the sitemap from rows stored before', async () => {
    await storedPost('stored-control-characters', {
      title: 'Stored \u000B\u0001\uFFFE\uFFFF title',
      excerpt: 'Stored\u0008 excerpt',
    });
    // A post written outside the API is listed once the background has rendered it.
    await eventually(
      async () => (await t.app.request('/blog/feed.xml')).text(),
      (xml) => xml.includes('stored-control-characters'),
    );
    const feed = parse(await (await t.app.request('/blog/feed.xml')).text());
    expect(feed['feed/entry/title']).toContain('Stored   title');
    expect(feed['feed/entry/summary']).toContain('Stored excerpt');
    const sitemap = parse(await (await t.app.request('/sitemap.xml')).text());
    expect(sitemap['urlset/url/loc']).toContain('http://localhost:8787/blog/stored-control-characters');
  });
});

describe('item 12: staff input that could break a public page, and reads whose cost grows with content', () => {
  it('refuses image paths of another site, sort orders past the bounds and far publish dates', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['case-studies', { title: 'Pixel', imagePath: '/\\evil.example/pixel.gif' }, 'imagePath'],
      ['case-studies', { title: 'Pixel', imagePath: '//evil.example/pixel.gif' }, 'imagePath'],
      ['case-studies', { title: 'Pixel', imagePath: 'javascript:alert(1)' }, 'imagePath'],
      ['case-studies', { title: 'Pixel', imagePath: '/a b" onerror="x' }, 'imagePath'],
      ['service-packages', { type: 'w', name: 'P', price: '$1', imagePath: 'https://evil.example/a.png' }, 'imagePath'],
      ['case-studies', { title: 'Order', sortOrder: 2 ** 60 }, 'sortOrder'],
      ['service-packages', { type: 'w', name: 'P', price: '$1', sortOrder: -1_000_001 }, 'sortOrder'],
    ];
    for (const [kind, body, field] of cases) {
      const res = await admin.post(`/api/admin/${kind}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.errors as object).join(), JSON.stringify(body)).toContain(field);
    }
    for (const publishedAt of ['9999-12-31', '0001-01-01T00:00:00Z']) {
      const res = await admin.post('/api/admin/blog-posts', post('far-date', { publishedAt }));
      expect(res.status, publishedAt).toBe(400);
      expect(res.json.errors).toHaveProperty('publishedAt');
    }
    expect(
      (
        await admin.post('/api/admin/case-studies', {
          title: 'Upload',
          imagePath: '/content-images/a.webp',
          imageAlt: 'A tradie van outside a Hamilton workshop',
        })
      ).status,
    ).toBe(201);
  });

  it('builds the sitemap and the feed once per content version, not per request', async () => {
    await t.app.request('/sitemap.xml');
    await t.app.request('/blog/feed.xml');
    const before = listingCalls.n;
    for (let i = 0; i < 10; i++) {
      expect((await t.app.request('/sitemap.xml')).status).toBe(200);
      expect((await t.app.request('/blog/feed.xml')).status).toBe(200);
    }
    expect(listingCalls.n - before).toBe(0);
    await admin.post('/api/admin/blog-posts', post('new-version'));
    expect(await (await t.app.request('/blog/feed.xml')).text()).toContain('/blog/new-version');
    expect(await (await t.app.request('/sitemap.xml')).text()).toContain('/blog/new-version');
  });

  it('keeps markup in staff text out of the head, the structured data and the page data', async () => {
    const title = 'Café </script><script>alert("t")</script>';
    const study = await admin.post('/api/admin/case-studies', {
      title,
      slug: 'script-in-fields',
      scenario: '"><img src=x onerror=alert(1)> </script>',
      category: '<!--',
    });
    expect(study.status).toBe(201);
    const html = await (await t.app.request('/case-studies/script-in-fields')).text();
    expect(html).not.toMatch(/<script>alert/);
    expect(html).not.toMatch(/<img src=x/);
    // Every script element the page has is one the gateway made, and each JSON one parses.
    for (const [, type, body] of html.matchAll(
      /<script[^>]*type="application\/(ld\+json|json)"[^>]*>(.*?)<\/script>/gs,
    ))
      expect(() => JSON.parse(body!), type).not.toThrow();
  });
});
