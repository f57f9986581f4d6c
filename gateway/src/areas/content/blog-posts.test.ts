import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
type Browser = ReturnType<typeof browser>;

const account = async (role: 'client' | 'admin' | 'master_admin', username: string) =>
  (await signedIn(t.app, t.db, role, username)).b;

let admin: Browser;
let master: Browser;
let client: Browser;
let visitor: Browser;
beforeAll(async () => {
  t = await setupApp({});
  admin = await account('admin', 'blog-admin');
  master = await account('master_admin', 'blog-master');
  client = await account('client', 'blog-client');
  visitor = browser(t.app);
});
afterAll(() => t.cleanup());

/** The smallest valid PNG: 1x1, one grey pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(b: Browser, bytes: Uint8Array, type = 'image/png') {
  const cookie = [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return t.app.request('/api/admin/content-images', {
    method: 'POST',
    headers: { 'content-type': type, cookie },
    body: bytes,
  });
}

const post = (slug: string, extra: Record<string, unknown> = {}) => ({
  title: `A post called ${slug}`,
  slug,
  excerpt: `What ${slug} is about.`,
  body: `## First\n\nSome **bold** words about ${slug}.`,
  imageAlt: 'A cover',
  category: 'Local Business',
  status: 'published',
  ...extra,
});

const publicSlugs = async () =>
  ((await visitor.get('/api/blog-posts?page=1&pageSize=24')).json.items as { slug: string }[]).map((p) => p.slug);

describe('roles', () => {
  it('keeps every staff call from visitors (401) and clients (403), and the audit from admins', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/admin/blog-posts'],
      ['POST', '/api/admin/blog-posts'],
      ['GET', '/api/admin/blog-posts/1'],
      ['PUT', '/api/admin/blog-posts/1'],
      ['DELETE', '/api/admin/blog-posts/1'],
      ['POST', '/api/admin/blog-posts/preview'],
      ['GET', '/api/admin/audit-events'],
    ];
    for (const [method, path] of calls) {
      const body = method === 'POST' || method === 'PUT' ? post('x') : undefined;
      const req = (b: Browser) =>
        method === 'GET'
          ? b.get(path)
          : method === 'DELETE'
            ? b.del(path)
            : method === 'PUT'
              ? b.put(path, body)
              : b.post(path, body);
      expect((await req(visitor)).status, `${method} ${path} anonymous`).toBe(401);
      expect((await req(client)).status, `${method} ${path} client`).toBe(403);
    }
    expect((await upload(visitor, PNG)).status).toBe(401);
    expect((await upload(client, PNG)).status).toBe(403);
    expect((await admin.get('/api/admin/audit-events')).status).toBe(403);
    expect((await master.get('/api/admin/audit-events')).status).toBe(200);
  });
});

describe('writing posts', () => {
  it('stores a post (201 with the stored row) and lists drafts and published ones to staff', async () => {
    const res = await admin.post('/api/admin/blog-posts', post('first-draft', { status: 'draft' }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ slug: 'first-draft', status: 'draft', publishedAt: null, imageUrl: null });
    const got = await admin.get(`/api/admin/blog-posts/${res.json.id}`);
    expect(got.json).toMatchObject({ id: res.json.id, title: 'A post called first-draft' });
    const list = await admin.get('/api/admin/blog-posts?page=1&pageSize=100');
    expect((list.json.items as { slug: string }[]).map((p) => p.slug)).toContain('first-draft');
  });

  it('names each bad field in a 400 and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '  ' }, 'title'],
      [{ slug: 'Not a slug!' }, 'slug'],
      [{ slug: 'a'.repeat(81) }, 'slug'],
      [{ excerpt: '' }, 'excerpt'],
      [{ body: '' }, 'body'],
      [{ imageUrl: '/content-images/0f8fad5b-d9cb-469f-a165-70867728950e.png', imageAlt: ' ' }, 'imageAlt'],
      [{ imageUrl: 'https://evil.example/x.png' }, 'imageUrl'],
      [{ imageUrl: '/content-images/../../etc/passwd' }, 'imageUrl'],
      [{ status: 'live' }, 'status'],
      [{ publishedAt: 'next tuesday' }, 'publishedAt'],
      [{ faq: [{ question: 'Q?' }] }, 'faq'],
    ];
    for (const [change, field] of cases) {
      const res = await admin.post('/api/admin/blog-posts', post('bad-input', change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.json.errors as object).join(), JSON.stringify(change)).toContain(field);
    }
    expect((await admin.get('/api/admin/blog-posts?pageSize=100')).json.items).not.toContainEqual(
      expect.objectContaining({ slug: 'bad-input' }),
    );
  });

  it('needs alt text with a cover only', async () => {
    const res = await admin.post('/api/admin/blog-posts', post('no-cover', { imageAlt: undefined }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ imageUrl: null, imageAlt: '' });
  });

  it('refuses a slug another post has (in any case) with 409 naming the slug, and keeps the first', async () => {
    expect((await admin.post('/api/admin/blog-posts', post('taken-slug'))).status).toBe(201);
    const again = await admin.post('/api/admin/blog-posts', post('Taken-Slug', { title: 'Other' }));
    expect(again.status).toBe(409);
    expect(again.json.errors).toHaveProperty('slug');
    const other = (await admin.post('/api/admin/blog-posts', post('other-slug'))).json;
    expect((await admin.put(`/api/admin/blog-posts/${other.id}`, post('taken-slug'))).status).toBe(409);
    expect((await visitor.get('/api/blog-posts/taken-slug')).json.title).toBe('A post called taken-slug');
  });

  it('answers 404 for a post nobody has, and for ids that are not numbers', async () => {
    expect((await admin.get('/api/admin/blog-posts/99999')).status).toBe(404);
    expect((await admin.put('/api/admin/blog-posts/99999', post('ghost'))).status).toBe(404);
    expect((await admin.del('/api/admin/blog-posts/99999')).status).toBe(404);
    expect((await admin.get('/api/admin/blog-posts/abc')).status).toBe(400);
  });
});

describe('what visitors see', () => {
  it('shows a published post at once, and not a draft, a scheduled post or a deleted one', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const live = (await admin.post('/api/admin/blog-posts', post('live-now'))).json;
    const draft = (await admin.post('/api/admin/blog-posts', post('still-draft', { status: 'draft' }))).json;
    const later = (await admin.post('/api/admin/blog-posts', post('due-tomorrow', { publishedAt: future }))).json;
    expect(later.publishedAt).toBe(future);

    const slugs = await publicSlugs();
    expect(slugs[0]).toBe('live-now'); // newest first
    expect(slugs).not.toContain('still-draft');
    expect(slugs).not.toContain('due-tomorrow');
    for (const slug of ['still-draft', 'due-tomorrow']) {
      expect((await visitor.get(`/api/blog-posts/${slug}`)).status, slug).toBe(404);
      expect((await t.app.request(`/blog/${slug}`)).status, slug).toBe(404);
    }
    const page = await t.app.request('/blog/live-now');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>A post called live-now | Be Loud Digital</title>');

    // Unpublishing and deleting take effect on the next request, pages included.
    await admin.put(`/api/admin/blog-posts/${live.id}`, post('live-now', { status: 'draft' }));
    expect((await t.app.request('/blog/live-now')).status).toBe(404);
    expect(await publicSlugs()).not.toContain('live-now');
    await admin.del(`/api/admin/blog-posts/${draft.id}`);
    expect((await admin.get(`/api/admin/blog-posts/${draft.id}`)).status).toBe(404);
  });

  it('goes live by itself when its date comes, without any write', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    await admin.post('/api/admin/blog-posts', post('goes-live-soon', { publishedAt: soon }));
    expect((await t.app.request('/blog/goes-live-soon')).status).toBe(404);
    const before = await (await t.app.request('/blog')).text();
    expect(before).not.toContain('goes-live-soon');
    await new Promise((r) => setTimeout(r, 1600));
    expect((await t.app.request('/blog/goes-live-soon')).status).toBe(200);
    expect(await (await t.app.request('/blog')).text()).toContain('/blog/goes-live-soon');
  });

  it('lists published posts in the sitemap with their lastmod, and in the Atom feed', async () => {
    await admin.post('/api/admin/blog-posts', post('in-the-sitemap'));
    const sitemap = await (await t.app.request('/sitemap.xml')).text();
    const day = new Date().toISOString().slice(0, 10);
    expect(sitemap).toContain(
      `<url><loc>http://localhost:8787/blog/in-the-sitemap</loc><lastmod>${day}</lastmod><priority>0.6</priority></url>`,
    );
    expect(sitemap).not.toContain('/blog/still-draft');
    const feed = await t.app.request('/blog/feed.xml');
    expect(feed.headers.get('content-type')).toContain('application/atom+xml');
    const xml = await feed.text();
    expect(xml).toContain('<id>http://localhost:8787/blog/in-the-sitemap</id>');
    expect(xml).toContain('<title>A post called in-the-sitemap</title>');
  });

  it('pages the public list and checks its query', async () => {
    const first = await visitor.get('/api/blog-posts?page=1&pageSize=2');
    expect(first.json).toMatchObject({ page: 1, pageSize: 2 });
    expect(first.json.items).toHaveLength(2);
    expect(first.json.total as number).toBeGreaterThan(2);
    const second = await visitor.get('/api/blog-posts?page=2&pageSize=2');
    expect((second.json.items as { slug: string }[])[0]!.slug).not.toBe(
      (first.json.items as { slug: string }[])[0]!.slug,
    );
    const bad = await visitor.get('/api/blog-posts?pageSize=5000');
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toHaveProperty('pageSize');
  });
});

describe('Markdown through the API and the served page', () => {
  const PAYLOADS = [
    '<script>alert("xss-1")</script>',
    '<img src=x onerror=alert("xss-2")>',
    '[click](javascript:alert("xss-3"))',
    '<iframe src="https://evil.example/"></iframe>',
    '![pixel](https://evil.example/pixel.gif)',
    '<a href="https://evil.example" onclick="alert(1)">x</a>',
  ];

  it('serves no script, handler, frame or outside image a body or title carries', async () => {
    const title = 'Tips </title><script>alert("xss-title")</script>';
    const body = `Intro\n\n${PAYLOADS.join('\n\n')}\n\nSee [our friends](https://example.org/page).`;
    const res = await admin.post(
      '/api/admin/blog-posts',
      post('xss-check', { title, body, excerpt: '"><svg onload=alert(1)>' }),
    );
    expect(res.status).toBe(201);
    const api = (await visitor.get('/api/blog-posts/xss-check')).json as { html: string };
    const html = await (await t.app.request('/blog/xss-check')).text();
    for (const served of [api.html, html]) {
      // Escaped text may spell a payload out; what counts is markup the browser would build.
      expect(served).not.toMatch(/<script>alert/i);
      expect(served).not.toMatch(/<[a-z][a-z0-9]*(?:\s+[\w:-]+(?:=(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*\s+on[a-z]+\s*=/i);
      expect(served).not.toMatch(/<(?:iframe|object|embed|svg)[\s>]/i);
      expect(served).not.toMatch(/(?:href|src)\s*=\s*["']?\s*(?:javascript|data):/i);
      expect(served).not.toMatch(/<img[^>]*evil\.example/i);
    }
    expect(api.html).toMatch(/<a href="https:\/\/example\.org\/page"[^>]* rel="noopener noreferrer"/);
    expect(html).toContain(
      '<title>Tips &lt;/title&gt;&lt;script&gt;alert(&quot;xss-title&quot;)&lt;/script&gt; | Be Loud Digital</title>',
    );
    // The preview staff see is the same rendering.
    const preview = await admin.post('/api/admin/blog-posts/preview', { body });
    expect(preview.json.html).toBe((await visitor.get('/api/blog-posts/xss-check')).json.html);
  });
});

describe('content images', () => {
  it('stores an image checked by its bytes under a name of its own, and serves it', async () => {
    const res = await upload(admin, PNG);
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^\/content-images\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    const withCover = await admin.post('/api/admin/blog-posts', post('with-cover', { imageUrl: url }));
    expect(withCover.json.imageUrl).toBe(url);
  });

  it('refuses what is not a picture by its bytes (SVG and HTML included), and what is too large', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect((await upload(admin, svg, 'image/svg+xml')).status).toBe(415);
    expect((await upload(admin, Buffer.from('<html><script>alert(1)</script>'), 'image/png')).status).toBe(415);
    expect((await upload(admin, new Uint8Array(0))).status).toBe(415);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await upload(admin, big);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toContain('5 MiB');
  });

  it('serves no file by a name the upload did not make', async () => {
    for (const path of ['/content-images/..%2F..%2Fagency.db', '/content-images/x.png', '/content-images/.env'])
      expect((await t.app.request(path)).status, path).toBe(404);
  });
});

describe('audit', () => {
  it('records who wrote what and when, with the row before and after, for posts and case studies', async () => {
    const created = (await admin.post('/api/admin/blog-posts', post('audited', { title: 'Before' }))).json;
    await admin.put(`/api/admin/blog-posts/${created.id}`, post('audited', { title: 'After' }));
    await admin.del(`/api/admin/blog-posts/${created.id}`);
    const study = (await admin.post('/api/admin/case-studies', { title: 'Cafe growth' })).json;

    const { items } = (await master.get('/api/admin/audit-events?area=content&page=1&pageSize=10')).json as {
      items: {
        actor: string;
        subjectType: string;
        subjectId: number;
        action: string;
        before: { title?: string } | null;
        after: { title?: string } | null;
        at: string;
      }[];
    };
    const [s, del, upd, ins] = items;
    expect(s).toMatchObject({
      area: 'content',
      subjectType: 'case_study',
      subjectId: study.id,
      action: 'create',
      before: null,
    });
    expect(del).toMatchObject({ subjectType: 'blog_post', subjectId: created.id, action: 'delete', after: null });
    expect(upd).toMatchObject({ action: 'update', before: { title: 'Before' }, after: { title: 'After' } });
    expect(ins).toMatchObject({ action: 'create', actor: 'blog-admin@example.nz', before: null });
    expect(Date.now() - Date.parse(ins!.at)).toBeLessThan(60_000);
  });
});
