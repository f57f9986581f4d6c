import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_BODY_MAX, BlogPostInputSchema, DRAFTS_PER_USER } from '@agency/contracts';
import { sharedSecret } from '../../platform/db/shared-secret';
import { schemaBodyBytes } from '../../platform/http/json-only';
import { contentDrafts } from '../../platform/db';
import { PREVIEW_LINK_TTL_MS, previewLinks } from './preview-links';
import { browser, signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
type Browser = ReturnType<typeof browser>;

let admin: Browser;
let other: Browser;
let client: Browser;
let visitor: Browser;
beforeAll(async () => {
  t = await setupApp({});
  admin = (await signedIn(t.app, t.db, 'admin', 'draft-admin')).b;
  other = (await signedIn(t.app, t.db, 'admin', 'draft-other')).b;
  client = (await signedIn(t.app, t.db, 'client', 'draft-client')).b;
  visitor = browser(t.app);
});
afterAll(() => t.cleanup());

const post = (slug: string, extra: Record<string, unknown> = {}) => ({
  title: `Draft called ${slug}`,
  slug,
  excerpt: `What ${slug} is about.`,
  body: `## Secret plans\n\nNot yet public: ${slug}.`,
  category: 'Local Business',
  status: 'draft',
  ...extra,
});

describe('drafts', () => {
  it('keeps a new post’s unsaved form per person, replaces it as they type, and discards it', async () => {
    const first = await admin.put('/api/admin/content-drafts/blog-posts/0', {
      baseVersion: 0,
      values: { title: 'Half a tit' },
    });
    expect(first.status).toBe(200);
    const second = await admin.put('/api/admin/content-drafts/blog-posts/0', {
      baseVersion: 1,
      values: { title: 'Half a title' },
    });
    expect(second.json).toMatchObject({ kind: 'blog-posts', itemId: 0, values: { title: 'Half a title' } });
    const mine = await admin.get('/api/admin/content-drafts');
    expect(mine.json.items).toEqual([expect.objectContaining({ itemId: 0, values: { title: 'Half a title' } })]);
    // Another person's drafts are theirs alone.
    expect((await other.get('/api/admin/content-drafts')).json.items).toEqual([]);
    expect((await admin.del('/api/admin/content-drafts/blog-posts/0')).status).toBe(200);
    expect((await admin.get('/api/admin/content-drafts')).json.items).toEqual([]);
  });

  it('keeps drafts of an existing item, of every kind, and refuses one of an item that is not there', async () => {
    const saved = await admin.post('/api/admin/case-studies', { title: 'Study with a draft' });
    expect(saved.status).toBe(201);
    const id = saved.json.id as number;
    const draft = await admin.put(`/api/admin/content-drafts/case-studies/${id}`, {
      baseVersion: 0,
      values: { title: 'Renamed' },
    });
    expect(draft.json).toMatchObject({ kind: 'case-studies', itemId: id });
    const missing = await admin.put('/api/admin/content-drafts/service-packages/999999', {
      baseVersion: 0,
      values: { name: 'x' },
    });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toMatch(/No such service package/);
    await admin.del(`/api/admin/content-drafts/case-studies/${id}`);
  });

  it('is for staff only', async () => {
    const body = { baseVersion: 0, values: { title: 'x' } };
    expect((await visitor.put('/api/admin/content-drafts/blog-posts/0', body)).status).toBe(401);
    expect((await client.put('/api/admin/content-drafts/blog-posts/0', body)).status).toBe(403);
    expect((await client.get('/api/admin/content-drafts')).status).toBe(403);
  });

  it('refuses bad input in words naming the field', async () => {
    const kind = await admin.put('/api/admin/content-drafts/leads/0', { baseVersion: 0, values: {} });
    expect(kind.status).toBe(400);
    expect(kind.json.errors).toHaveProperty('kind');
    const values = await admin.put('/api/admin/content-drafts/blog-posts/0', {
      baseVersion: 0,
      values: { body: { nested: 1 } },
    });
    expect(values.status).toBe(400);
    const many = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`f${i}`, 'x']));
    expect((await admin.put('/api/admin/content-drafts/blog-posts/0', { baseVersion: 0, values: many })).status).toBe(
      400,
    );
  });

  it('is no larger than the largest post may be', async () => {
    const limit = schemaBodyBytes(BlogPostInputSchema);
    const huge = { baseVersion: 0, values: { body: 'x'.repeat(limit + 5 * 1024) } };
    const res = await admin.put('/api/admin/content-drafts/blog-posts/0', huge);
    expect(res.status).toBe(413);
    expect(res.json.message).toMatch(/A draft can be at most/);
    const largest = await admin.put('/api/admin/content-drafts/blog-posts/0', {
      baseVersion: 0,
      values: { body: 'x'.repeat(BLOG_BODY_MAX) },
    });
    expect(largest.status).toBe(200);
    await admin.del('/api/admin/content-drafts/blog-posts/0');
  });

  it(`keeps at most ${DRAFTS_PER_USER} per person, and always updates one they have`, async () => {
    const posts = [];
    for (let i = 0; i < DRAFTS_PER_USER + 1; i++) {
      const res = await other.post('/api/admin/blog-posts', post(`limit-${i}`));
      posts.push(res.json.id as number);
    }
    for (const id of posts.slice(0, DRAFTS_PER_USER)) {
      expect(
        (await other.put(`/api/admin/content-drafts/blog-posts/${id}`, { baseVersion: 0, values: { title: 't' } }))
          .status,
      ).toBe(200);
    }
    const refused = await other.put(`/api/admin/content-drafts/blog-posts/${posts.at(-1)}`, {
      baseVersion: 0,
      values: { title: 't' },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/You have 30 unsaved drafts/);
    // An existing draft still saves: nobody at the limit loses what they are typing.
    const again = await other.put(`/api/admin/content-drafts/blog-posts/${posts[0]}`, {
      baseVersion: 1,
      values: { title: 'more' },
    });
    expect(again.status).toBe(200);
    const rows = await t.db.select().from(contentDrafts);
    expect(rows.filter((r) => r.values.title !== undefined).length).toBeLessThanOrEqual(DRAFTS_PER_USER + 1);
    // Someone else is not held back by it.
    expect(
      (await admin.put('/api/admin/content-drafts/blog-posts/0', { baseVersion: 0, values: { title: 'mine' } })).status,
    ).toBe(200);
  });
});

describe('preview links', () => {
  let id: number;
  let url: string;
  beforeAll(async () => {
    const created = await admin.post('/api/admin/blog-posts', post('secret-draft'));
    expect(created.status).toBe(201);
    id = created.json.id as number;
    const link = await admin.post(`/api/admin/blog-posts/${id}/preview-link`);
    expect(link.status).toBe(200);
    url = link.json.url as string;
    // At the post's address on the public site: the dashboard that asks is on the portal (decision 0077).
    expect(url).toMatch(/^http:\/\/localhost:8787\/blog\/secret-draft\?preview=/);
    expect(Date.parse(link.json.expiresAt as string) - Date.now()).toBeGreaterThan(PREVIEW_LINK_TTL_MS - 60_000);
  });

  it('shows a draft at its address to staff, kept by no cache and no search engine', async () => {
    const res = await admin.get(url);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Not yet public: secret-draft.');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(res.text).toContain('<meta name="robots" content="noindex, nofollow" />');
  });

  it('opens it for whoever holds the link (the public site carries no session), and for nobody without it', async () => {
    for (const who of [visitor, client]) {
      const res = await who.get(url);
      expect(res.status).toBe(200);
      expect(res.text).toContain('Not yet public: secret-draft.');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const plain = await who.get('/blog/secret-draft');
      expect(plain.status).toBe(404);
      expect(plain.text).not.toContain('Draft called');
    }
    const unsigned = await visitor.get(
      `${t.env.publicConfig.publicOrigin}/api/blog-post-preview?slug=secret-draft&token=x`,
    );
    expect(unsigned.status).toBe(404);
    expect(unsigned.text).not.toContain('Draft called');
  });

  it('does not put the draft in the public page cache', async () => {
    await admin.get(url);
    const plain = await visitor.get('/blog/secret-draft');
    expect(plain.status).toBe(404);
    expect(plain.text).not.toContain('Not yet public');
    // And a cached public page is not what the preview shows: a published post's preview is built afresh.
    const published = await admin.post('/api/admin/blog-posts', post('now-public', { status: 'published' }));
    expect((await visitor.get('/blog/now-public')).status).toBe(200);
    const link = await admin.post(`/api/admin/blog-posts/${published.json.id as number}/preview-link`);
    const preview = await admin.get(link.json.url as string);
    expect(preview.headers.get('cache-control')).toBe('no-store');
    const after = await visitor.get('/blog/now-public');
    expect(after.headers.get('cache-control')).not.toBe('no-store');
    expect(after.text).not.toContain('noindex');
  });

  it('refuses an altered, mistaken or expired link', async () => {
    const token = new URL(url, 'http://x').searchParams.get('preview')!;
    const [pid, expires, mac] = token.split('.');
    const altered = `${pid}.${Number(expires) + 1000}.${mac}`;
    expect((await admin.get(`/blog/secret-draft?preview=${altered}`)).status).toBe(404);
    expect((await admin.get(`/blog/secret-draft?preview=junk`)).status).toBe(404);
    // Another post's address with this post's token.
    expect((await admin.get(`/blog/now-public?preview=${token}`)).status).toBe(404);
    // Signed with the gateway's own key (kept in the database) a day and a second ago: expired.
    const links = previewLinks(sharedSecret(t.db, 'blog-previews'));
    const fresh = await links.sign(id);
    expect((await admin.get(`/blog/secret-draft?preview=${fresh.token}`)).status).toBe(200);
    const old = await links.sign(id, Date.now() - PREVIEW_LINK_TTL_MS - 1000);
    expect((await admin.get(`/blog/secret-draft?preview=${old.token}`)).status).toBe(404);
  });

  it('is for staff only', async () => {
    expect((await visitor.post(`/api/admin/blog-posts/${id}/preview-link`)).status).toBe(401);
    expect((await client.post(`/api/admin/blog-posts/${id}/preview-link`)).status).toBe(403);
    expect((await admin.post('/api/admin/blog-posts/999999/preview-link')).status).toBe(404);
  });
});
