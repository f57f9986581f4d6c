import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger';
import type { browser } from '../../../test/auth-client';
import { signedIn } from '../../../test/auth-client';
import { insertRaw, setupApp } from '../../../test/helpers';

/**
 * Decision 0111: the staff's content lists read each JSON column by its shape (staff-rows.ts). A row whose stored
 * JSON does not parse, written by hand, a script or an older version, is listed with that field empty and a
 * warning: never a 500 or an answer the dashboard refuses, and every other row is listed as stored.
 */
let t: Awaited<ReturnType<typeof setupApp>>;
let admin: ReturnType<typeof browser>;
const logged: { msg: string; table?: string; id?: number; field?: string }[] = [];
beforeAll(async () => {
  const logger = createLogger('warn', (line) => void logged.push(JSON.parse(line) as (typeof logged)[number]));
  t = await setupApp({}, { logger });
  admin = (await signedIn(t.app, t.db, 'admin', 'staff-lists-admin')).b;
});
afterAll(() => t.cleanup());

const stored = (table: string, row: Record<string, unknown>) => insertRaw(t.db, table, row);

const warned = (table: string, id: number) =>
  logged
    .filter((l) => l.msg === 'content row shown to staff with a field empty: its stored JSON does not parse')
    .filter((l) => l.table === table && l.id === id)
    .map((l) => l.field)
    .sort();

const byId = (items: { id: number }[], id: number) => items.find((item) => item.id === id);

describe("a content row whose stored JSON does not parse, in the staff's lists", () => {
  it('service packages: listed with no features, the others as stored', async () => {
    const good = await stored('service_packages', { type: 'seo', name: 'Good', price: '$1', features: '["Audit"]' });
    const odd = await stored('service_packages', { type: 'seo', name: 'Odd', price: '$2', features: 'Audit, {' });
    const list = await admin.get('/api/admin/service-packages?pageSize=100');
    expect(list.status).toBe(200);
    const items = list.json.items as { id: number; name: string; features: unknown }[];
    expect(byId(items, good)).toMatchObject({ name: 'Good', features: ['Audit'] });
    expect(byId(items, odd)).toMatchObject({ name: 'Odd', features: [] });
    expect(warned('service_packages', odd)).toEqual(['features']);
    expect(warned('service_packages', good)).toEqual([]);
  });

  it('case studies: listed with the unreadable lists empty, the readable ones and the others as stored', async () => {
    const good = await stored('case_studies', {
      title: 'Good study',
      slug: 'good-study',
      challenges: '["Slow site"]',
      strategies: '{"calls":"+40%"}',
      results: null,
    });
    const odd = await stored('case_studies', {
      title: 'Odd study',
      slug: 'odd-study',
      challenges: '[not JSON',
      strategies: '["Kept"]',
      results: '{"nested":{"deep":true}}',
    });
    const list = await admin.get('/api/admin/case-studies?pageSize=100');
    expect(list.status).toBe(200);
    const items = list.json.items as { id: number }[];
    expect(byId(items, good)).toMatchObject({
      title: 'Good study',
      challenges: ['Slow site'],
      strategies: { calls: '+40%' },
      results: null,
    });
    expect(byId(items, odd)).toMatchObject({ title: 'Odd study', challenges: [], strategies: ['Kept'], results: null });
    expect(warned('case_studies', odd)).toEqual(['challenges', 'results']);
  });

  it("blog posts: listed and opened with no questions, and a post's next save mends them", async () => {
    const post = {
      excerpt: 'Written outside the API.',
      body: 'Plain words.',
      imageAlt: '',
      category: 'Stored',
      status: 'draft',
    };
    const good = await stored('blog_posts', { ...post, slug: 'good-post', title: 'Good', faq: '[]' });
    const odd = await stored('blog_posts', { ...post, slug: 'odd-post', title: 'Odd', faq: '[{"question":' });
    // JSON, but not a list of questions: the triggers take it, and so can a save.
    const shaped = await stored('blog_posts', { ...post, slug: 'shaped-post', title: 'Shaped', faq: '{"q":"a"}' });
    const list = await admin.get('/api/admin/blog-posts?pageSize=100');
    expect(list.status).toBe(200);
    const items = list.json.items as { id: number }[];
    expect(byId(items, good)).toMatchObject({ title: 'Good', faq: [] });
    expect(byId(items, odd)).toMatchObject({ title: 'Odd', faq: [] });
    expect(byId(items, shaped)).toMatchObject({ title: 'Shaped', faq: [] });
    expect(warned('blog_posts', odd)).toEqual(['faq']);
    expect(warned('blog_posts', shaped)).toEqual(['faq']);

    const opened = await admin.get(`/api/admin/blog-posts/${odd}`);
    expect(opened.status).toBe(200);
    expect(opened.json).toMatchObject({ title: 'Odd', faq: [] });
    const faq = [{ question: 'Why?', answer: 'Because.' }];
    const saved = await admin.put(`/api/admin/blog-posts/${shaped}`, {
      ...post,
      slug: 'shaped-post',
      title: 'Shaped',
      faq,
    });
    expect(saved.status).toBe(200);
    const [row] = (await t.db.all(sql`select faq from blog_posts where id = ${shaped}`)) as [{ faq: string }];
    expect(JSON.parse(row.faq)).toEqual(faq);
  });

  it('a package whose features do not parse can be saved (mended) and another deleted, the audit keeping the text', async () => {
    const mended = await stored('service_packages', { type: 'seo', name: 'Mend me', price: '$3', features: 'x, {' });
    const dropped = await stored('service_packages', { type: 'seo', name: 'Drop me', price: '$4', features: 'y, {' });
    const saved = await admin.put(`/api/admin/service-packages/${mended}`, {
      type: 'seo',
      name: 'Mended',
      description: 'Saved by staff.',
      price: '$3',
      features: ['Audit'],
    });
    expect(saved.status).toBe(200);
    const [row] = (await t.db.all(sql`select features from service_packages where id = ${mended}`)) as [
      { features: string },
    ];
    expect(JSON.parse(row.features)).toEqual(['Audit']);
    expect((await admin.del(`/api/admin/service-packages/${dropped}`)).status).toBeLessThan(300);
    const [audit] = (await t.db.all(
      sql`select "before" from audit_events where "subjectType" = 'service_package' and "subjectId" = ${dropped} and action = 'delete'`,
    )) as [{ before: string }];
    expect(JSON.parse(audit.before)).toMatchObject({ name: 'Drop me', features: 'y, {' });
  });

  it('drafts: an unreadable one is left out, the others listed', async () => {
    expect(
      (await admin.put('/api/admin/content-drafts/service-packages/0', { baseVersion: 0, values: { name: 'Ok' } }))
        .status,
    ).toBe(200);
    const [{ id: userId }] = (await t.db.all(sql`select id from users where username = 'staff-lists-admin'`)) as [
      { id: number },
    ];
    await t.db.run(sql`insert into content_drafts ("userId", "kind", "itemId", "values", "updatedAt", "version")
      values (${userId}, 'case-studies', 0, 'not JSON {', ${Date.now()}, 1)`);
    const list = await admin.get('/api/admin/content-drafts');
    expect(list.status).toBe(200);
    expect(list.json.items).toEqual([expect.objectContaining({ kind: 'service-packages', values: { name: 'Ok' } })]);
  });
});
