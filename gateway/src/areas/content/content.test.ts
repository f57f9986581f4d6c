import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseStudies, servicePackages } from '../../platform/db';
import { browser, signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;

const account = async (role: 'client' | 'admin' | 'master_admin', username: string) =>
  (await signedIn(t.app, t.db, role, username)).b;

let admin: ReturnType<typeof browser>;
let client: ReturnType<typeof browser>;
beforeAll(async () => {
  t = await setupApp({});
  admin = await account('admin', 'content-admin');
  client = await account('client', 'content-client');
});
afterAll(() => t.cleanup());

const pkg = (name: string, sortOrder: number, isActive = true) => ({
  type: 'website',
  name,
  price: '$1,198',
  features: ['3-5 pages'],
  sortOrder,
  isActive,
});

describe('service packages', () => {
  it('lets staff create, list by sortOrder, replace and delete; the public sees active ones only', async () => {
    const b = (await admin.post('/api/admin/service-packages', pkg('Booking', 2))).json;
    const a = (await admin.post('/api/admin/service-packages', pkg('Storefront', 1))).json;
    const hidden = await admin.post('/api/admin/service-packages', pkg('Old offer', 0, false));
    expect(hidden.status).toBe(201);
    expect(hidden.json).toMatchObject({ buttonText: 'Get Started', isPopular: false });

    const list = await admin.get('/api/admin/service-packages');
    expect((list.json.items as { name: string }[]).map((p) => p.name)).toEqual(['Old offer', 'Storefront', 'Booking']);
    expect(list.json).toMatchObject({ total: 3, page: 1 });
    const pub = await browser(t.app).get('/api/service-packages');
    expect((pub.json.items as { name: string }[]).map((p) => p.name)).toEqual(['Storefront', 'Booking']);

    const put = await admin.put(`/api/admin/service-packages/${a.id}`, {
      ...pkg('Storefront Plus', 5),
      isPopular: true,
    });
    expect(put.json).toMatchObject({ id: a.id, name: 'Storefront Plus', isPopular: true });
    expect((await admin.del(`/api/admin/service-packages/${b.id}`)).status).toBe(200);
    expect((await admin.del(`/api/admin/service-packages/${b.id}`)).status).toBe(404);
    expect((await admin.put('/api/admin/service-packages/99999', pkg('Ghost', 1))).status).toBe(404);
  });

  it('refuses clients and anonymous callers', async () => {
    expect((await client.get('/api/admin/service-packages')).status).toBe(403);
    expect((await client.post('/api/admin/service-packages', pkg('Sneaky', 1))).status).toBe(403);
    expect((await browser(t.app).post('/api/admin/service-packages', pkg('Sneaky', 1))).status).toBe(401);
    const rows = await t.db.select().from(servicePackages);
    expect(rows.some((r) => r.name === 'Sneaky')).toBe(false);
  });

  it('names the bad field and stores nothing', async () => {
    const before = (await t.db.select().from(servicePackages)).length;
    const res = await admin.post('/api/admin/service-packages', { ...pkg('', 1), price: 12 });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/^(Name|Price)/i);
    expect(res.json.errors).toHaveProperty('name');
    expect((await t.db.select().from(servicePackages)).length).toBe(before);
    expect((await admin.put('/api/admin/service-packages/abc', pkg('X', 1))).status).toBe(400);
  });
});

describe('case studies', () => {
  it('keeps the order, active flag and lists of a case study', async () => {
    const study = {
      title: 'Cambridge landscaper',
      category: 'Landscaping',
      scenario: 'Quiet winters',
      challenges: ['No photos online'],
      strategies: ['Gallery', 'GBP'],
      results: { calls: '+40%' },
      sortOrder: 1,
    };
    const created = await admin.post('/api/admin/case-studies', study);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ ...study, isActive: true });
    await admin.post('/api/admin/case-studies', { title: 'Draft', sortOrder: 0, isActive: false });
    expect(
      ((await browser(t.app).get('/api/case-studies')).json.items as { title: string }[]).map((s) => s.title),
    ).toEqual(['Cambridge landscaper']);
    expect(((await admin.get('/api/admin/case-studies')).json.items as unknown[]).length).toBe(2);
    expect(
      (await admin.put(`/api/admin/case-studies/${created.json.id}`, { ...study, isActive: false })).json,
    ).toMatchObject({ isActive: false });
    expect((await admin.post('/api/admin/case-studies', { title: '   ' })).status).toBe(400);
    expect((await client.del(`/api/admin/case-studies/${created.json.id}`)).status).toBe(403);
    expect((await t.db.select().from(caseStudies)).length).toBe(2);
  });

  it('makes a slug from the title (numbered when taken), and refuses a slug another study has with 409', async () => {
    const first = (await admin.post('/api/admin/case-studies', { title: 'Hamilton Café Growth' })).json;
    const second = (await admin.post('/api/admin/case-studies', { title: 'Hamilton Cafe growth' })).json;
    expect([first.slug, second.slug]).toEqual(['hamilton-cafe-growth', 'hamilton-cafe-growth-2']);
    const taken = await admin.put(`/api/admin/case-studies/${second.id}`, { title: 'Other', slug: first.slug });
    expect(taken.status).toBe(409);
    expect(taken.json.errors).toEqual({ slug: 'Another case study already has this slug; choose another' });
    const bad = await admin.post('/api/admin/case-studies', { title: 'Bad', slug: 'Not a slug!' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toHaveProperty('slug');
    expect((await browser(t.app).get(`/api/case-studies/${first.slug}`)).json).toMatchObject({ id: first.id });
  });
});
