import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyReports, reportShareLinks } from '../../platform/db';
import { browser, signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
let n = 0;
const account = (role: 'client' | 'admin') => signedIn(t.app, t.db, role, `${role}${++n}`);
let client: Awaited<ReturnType<typeof account>>;
let other: Awaited<ReturnType<typeof account>>;
let admin: Awaited<ReturnType<typeof account>>;
let reportId: number;

/** A share link's address as the portal's origin serves it, asked for by someone signed in nowhere. */
const anonymous = (url: string) => t.app.request(url);
const textOf = async (pdf: ArrayBuffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;

beforeAll(async () => {
  t = await setupApp();
  [client, other, admin] = [await account('client'), await account('client'), await account('admin')];
  await admin.b.post(`/api/admin/clients/${client.id}/reports`, {
    reportDate: '2026-09-01',
    websiteTraffic: 1000,
    organicTraffic: 700,
  });
  const saved = await admin.b.post(`/api/admin/clients/${client.id}/reports`, {
    reportDate: '2026-10-01',
    websiteTraffic: 12345,
    organicTraffic: 8000,
    conversionRate: 2.5,
    notes: 'Rebuilt the services page.',
  });
  reportId = saved.json.id as number;
});
afterAll(() => t.cleanup());

describe("a report's PDF", () => {
  it('downloads for the client and staff with the figures as the dashboard writes them; another client gets 404', async () => {
    const mine = await t.app.request(`${t.env.publicConfig.portalOrigin}/api/reports/${reportId}/pdf`, {
      headers: { cookie: [...client.b.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(mine.headers.get('content-disposition')).toContain(`${client.username} report 2026-10.pdf`);
    const text = await textOf(await mine.arrayBuffer());
    expect(text).toContain('Website visits\n12,345\n+11,345 on September 2026');
    expect(text).toContain('Conversion rate\n2.5%');
    expect(text).toContain('Rebuilt the services page.');
    expect((await other.b.get(`/api/reports/${reportId}/pdf`)).status).toBe(404);
    expect((await admin.b.get(`/api/reports/${reportId}/pdf`)).status).toBe(200);
    expect((await browser(t.app).get(`/api/reports/${reportId}/pdf`)).status).toBe(401);
  });
});

describe('a draft', () => {
  it('stays between staff: its client gets no PDF of it, no link is made to it, and a link made before opens nothing', async () => {
    const made = await admin.b.post(`/api/admin/reports/${reportId}/share-links`, { expiresInDays: 7 });
    const asDraft = (status: 'draft' | 'published') =>
      t.db.update(monthlyReports).set({ status }).where(eq(monthlyReports.id, reportId));
    await asDraft('draft');
    try {
      expect((await client.b.get(`/api/reports/${reportId}/pdf`)).status).toBe(404);
      expect((await admin.b.get(`/api/reports/${reportId}/pdf`)).status).toBe(200);
      const refused = await admin.b.post(`/api/admin/reports/${reportId}/share-links`, { expiresInDays: 7 });
      expect(refused.status).toBe(409);
      expect(refused.json.message).toBe('Publish the report before sharing it.');
      expect((await anonymous(made.json.url as string)).status).toBe(404);
    } finally {
      await asDraft('published');
    }
    expect((await anonymous(made.json.url as string)).status).toBe(200);
  });
});

describe('share links', () => {
  it('open the report without signing in until revoked, count their opens, and never list their token', async () => {
    const made = await admin.b.post(`/api/admin/reports/${reportId}/share-links`, { expiresInDays: 7 });
    expect(made.status).toBe(201);
    const url = made.json.url as string;
    expect(url).toMatch(new RegExp(`^${t.env.publicConfig.portalOrigin}/shared/reports/[\\w-]{43}$`));
    const page = await anonymous(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    const html = await page.text();
    expect(html).toContain(client.username);
    expect(html).toContain('12,345');
    expect(html).toContain('up 11,345 on September 2026');
    const pdf = await anonymous(`${url}/pdf`);
    expect(pdf.status).toBe(200);
    expect(await textOf(await pdf.arrayBuffer())).toContain('12,345');

    const listed = await admin.b.get(`/api/admin/reports/${reportId}/share-links`);
    const id = (made.json.link as { id: number }).id;
    expect((listed.json.items as { id: number }[]).find((l) => l.id === id)).toMatchObject({
      opens: 1,
      createdBy: admin.username,
      revokedAt: null,
    });
    expect(listed.text).not.toContain(url.split('/').pop());
    const [stored] = await t.db.select().from(reportShareLinks).where(eq(reportShareLinks.reportId, reportId));
    expect(stored!.tokenHash).not.toBe(url.split('/').pop());

    expect((await admin.b.del(`/api/admin/share-links/${id}`)).status).toBe(200);
    expect((await anonymous(url)).status).toBe(404);
    expect((await anonymous(`${url}/pdf`)).status).toBe(404);
    expect((await admin.b.del(`/api/admin/share-links/${id}`)).status).toBe(404);
  });

  it('stop opening when they expire, and a made-up or cut-short token opens nothing', async () => {
    const made = await admin.b.post(`/api/admin/reports/${reportId}/share-links`, { expiresInDays: 1 });
    const url = made.json.url as string;
    await t.db
      .update(reportShareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reportShareLinks.id, (made.json.link as { id: number }).id));
    expect((await anonymous(url)).status).toBe(404);
    expect((await anonymous(url.slice(0, -3))).status).toBe(404);
    expect((await anonymous(`${t.env.publicConfig.portalOrigin}/shared/reports/${'a'.repeat(43)}`)).status).toBe(404);
  });

  it('are made by staff only, for a chosen expiry, to a report that exists', async () => {
    const odd = await admin.b.post(`/api/admin/reports/${reportId}/share-links`, { expiresInDays: 365 });
    expect(odd.status).toBe(400);
    expect(JSON.stringify(odd.json)).toContain('expiresInDays');
    expect((await admin.b.post('/api/admin/reports/999999/share-links', { expiresInDays: 7 })).status).toBe(404);
    expect((await client.b.post(`/api/admin/reports/${reportId}/share-links`, { expiresInDays: 7 })).status).toBe(403);
  });

  it('are served on the portal origin only: the public origin sends the browser there', async () => {
    const made = await admin.b.post(`/api/admin/reports/${reportId}/share-links`, { expiresInDays: 7 });
    const path = new URL(made.json.url as string).pathname;
    const there = await anonymous(`${t.env.publicConfig.publicOrigin}${path}`);
    expect(there.status).toBe(308);
    expect(there.headers.get('location')).toBe(`${t.env.publicConfig.portalOrigin}${path}`);
  });
});
