/**
 * A month's report from the client's Google figures (decision 0094): built as a draft, reviewed and edited by staff
 * beside what was fetched, and seen by the client only once published, when they are told by e-mail (real SMTP).
 */
import { eq } from 'drizzle-orm';
import type { ReviewReport } from '@agency/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleConnections, googleDailyFigures, monthlyReports } from '../../platform/db';
import { createLogger } from '../../platform/logger';
import { reportDrafts } from '../google';
import { signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { startSmtp } from '../../../test/smtp';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof setupApp>>;
let n = 0;
const account = (role: 'client' | 'admin') => signedIn(t.app, t.db, role, `drafts${role}${++n}`);
let admin: Awaited<ReturnType<typeof account>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupApp({ SMTP_URL: smtp.url });
  admin = await account('admin');
});
afterAll(async () => {
  await t.cleanup();
  await smtp.close();
});

/** A connected client with `days` days of figures from the first of `month`. */
async function connected(month: string, days: number, { searchConsole = true } = {}) {
  const client = await account('client');
  await t.db.insert(googleConnections).values({
    clientId: client.id,
    connectedAt: new Date(),
    ga4Property: 'properties/1',
    searchConsoleSite: searchConsole ? 'sc-domain:example.co.nz' : null,
  });
  const query = (key: string, clicks: number) => ({ key, clicks, impressions: clicks * 10, ctr: 0.1, position: 3 });
  await t.db.insert(googleDailyFigures).values(
    Array.from({ length: days }, (_, i) => ({
      clientId: client.id,
      day: `${month}-${String(i + 1).padStart(2, '0')}`,
      sessions: 100,
      totalUsers: 80,
      keyEvents: 3,
      organicSessions: 60,
      paidSessions: 25,
      clicks: 20,
      impressions: 400,
      ctr: 0.05,
      position: 6,
      topQueries: [query('plumber hamilton', 12), query('hot water', 8)],
      topPages: [query('/', 15)],
    })),
  );
  return client;
}

const mailTo = async (address: string) => {
  await t.mailer.idle();
  return smtp.received.filter((m) => m.to.includes(address) && m.raw.includes('report is ready'));
};

describe('a draft from the Google figures', () => {
  it('is built from the stored days, kept from the client, edited beside what was fetched, and published once', async () => {
    const client = await connected('2026-01', 31);
    const built = await admin.b.post(`/api/admin/clients/${client.id}/reports/draft`, { month: '2026-01' });
    expect(built.status).toBe(201);
    expect(built.json).toMatchObject({
      status: 'draft',
      reportDate: '2026-01-01',
      websiteTraffic: 3100,
      organicTraffic: 1860,
      paidTraffic: 775,
      conversions: 93,
      conversionRate: 3,
      searchRanking: 6,
      clickThroughRate: 5,
      backlinks: null,
      edited: [],
      fetched: { missingDays: [], previous: null, topPages: [{ key: '/', clicks: 465 }] },
    });
    expect((built.json as ReviewReport).fetched!.topQueries[0]).toMatchObject({
      key: 'plumber hamilton',
      clicks: 372,
      position: 3,
    });
    const id = built.json.id as number;

    // The client, and the client's list as staff see it, show no draft.
    expect((await client.b.get('/api/reports')).json.total).toBe(0);
    expect((await admin.b.get(`/api/reports?clientId=${client.id}`)).json.total).toBe(0);
    const staff = await admin.b.get(`/api/admin/clients/${client.id}/reports`);
    expect(staff.json).toMatchObject({ total: 1, items: [{ id, status: 'draft' }] });
    expect((await client.b.get(`/api/admin/clients/${client.id}/reports`)).status).toBe(403);

    const edit = await admin.b.put(`/api/admin/reports/${id}`, {
      websiteTraffic: 3000,
      backlinks: 12,
      notes: 'New landing pages for hot water.',
      nextSteps: 'A Google Business Profile post each week.',
    });
    expect(edit.status).toBe(200);
    expect(edit.json).toMatchObject({ websiteTraffic: 3000, backlinks: 12, edited: ['websiteTraffic'] });
    expect((edit.json as ReviewReport).fetched!.figures.websiteTraffic).toBe(3100);

    // Built again (more days stored, or a second click): the edit stays, the figures left as fetched follow.
    await t.db.update(googleDailyFigures).set({ paidSessions: 30 }).where(eq(googleDailyFigures.clientId, client.id));
    const again = await admin.b.post(`/api/admin/clients/${client.id}/reports/draft`, { month: '2026-01' });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ id, websiteTraffic: 3000, paidTraffic: 930, backlinks: 12 });
    expect((again.json as ReviewReport).fetched!.figures).toMatchObject({ websiteTraffic: 3100, paidTraffic: 930 });
    expect(await mailTo(`${client.username}@example.nz`)).toHaveLength(0);

    expect((await admin.b.post(`/api/admin/reports/${id}/publish`)).json).toMatchObject({ status: 'published' });
    expect((await admin.b.post(`/api/admin/reports/${id}/publish`)).status).toBe(200);
    const told = await mailTo(`${client.username}@example.nz`);
    expect(told).toHaveLength(1);
    expect(told[0]?.raw).toContain('Subject: Your January 2026 report is ready');

    const seen = await client.b.get('/api/reports');
    expect(seen.json).toMatchObject({
      total: 1,
      items: [{ id, websiteTraffic: 3000, nextSteps: 'A Google Business Profile post each week.' }],
    });
    expect((seen.json.items as object[])[0]).not.toHaveProperty('fetched');
    // Published: the draft's edits are over, building again changes nothing.
    expect((await admin.b.put(`/api/admin/reports/${id}`, { websiteTraffic: 1 })).status).toBe(409);
    expect((await admin.b.post(`/api/admin/clients/${client.id}/reports/draft`, { month: '2026-01' })).status).toBe(
      409,
    );
  });

  it('leaves Search Console fields for staff when it is not connected, and says which days are missing', async () => {
    const client = await connected('2026-03', 20, { searchConsole: false });
    const built = await admin.b.post(`/api/admin/clients/${client.id}/reports/draft`, { month: '2026-03' });
    expect(built.json).toMatchObject({ websiteTraffic: 2000, searchRanking: null, clickThroughRate: null });
    expect((built.json as ReviewReport).fetched!.missingDays).toHaveLength(11);
    expect((built.json as ReviewReport).fetched!.topQueries).toEqual([]);
  });

  it('refuses a month with no figures, a client not connected, and a bad month', async () => {
    const client = await connected('2026-01', 3);
    const build = (clientId: number, month: string) =>
      admin.b.post(`/api/admin/clients/${clientId}/reports/draft`, { month });
    expect((await build(client.id, '2025-06')).status).toBe(409);
    expect((await build((await account('client')).id, '2026-01')).status).toBe(409);
    expect((await build(client.id, '2026-13')).status).toBe(400);
  });

  it('lists the reports when stored fetched figures are odd', async () => {
    const client = await connected('2026-01', 2);
    const built = await admin.b.post(`/api/admin/clients/${client.id}/reports/draft`, { month: '2026-01' });
    await t.db
      .update(monthlyReports)
      .set({ fetched: { figures: 'nonsense' } as never })
      .where(eq(monthlyReports.id, built.json.id as number));
    const list = await admin.b.get(`/api/admin/clients/${client.id}/reports`);
    expect(list.status).toBe(200);
    expect(list.json.items).toMatchObject([{ id: built.json.id, fetched: null, edited: [], websiteTraffic: 200 }]);
  });

  it('keeps the report form publishing: a new month tells the client, and completes a draft', async () => {
    const client = await connected('2026-01', 5);
    await admin.b.post(`/api/admin/clients/${client.id}/reports/draft`, { month: '2026-01' });
    const saved = await admin.b.post(`/api/admin/clients/${client.id}/reports`, {
      reportDate: '2026-01-01',
      websiteTraffic: 10,
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ status: 'published', websiteTraffic: 10 });
    expect(await mailTo(`${client.username}@example.nz`)).toHaveLength(1);
    expect((await client.b.get('/api/reports')).json.total).toBe(1);
  });
});

describe('the draft job', () => {
  const job = () => reportDrafts({ db: t.db, holidays: t.env.holidays, logger: createLogger('silent') });
  /** `YYYY-MM-DD` at `hh` o'clock New Zealand time (NZDT, +13, in January and February). */
  const nz = (day: string, hh: number) => new Date(`${day}T${String(hh).padStart(2, '0')}:00:00+13:00`);
  const reportsOf = (clientId: number) =>
    t.db.select().from(monthlyReports).where(eq(monthlyReports.clientId, clientId));

  it('builds the month before on the first working day from 06:00, once, across two gateways and re-runs', async () => {
    const client = await connected('2026-01', 31);
    // 1 February 2026 is a Sunday: nothing until Monday the 2nd at 06:00.
    expect(await job()(nz('2026-02-01', 9))).toBe(0);
    expect(await job()(nz('2026-02-02', 5))).toBe(0);
    const [first, second] = await Promise.all([job()(nz('2026-02-02', 7)), job()(nz('2026-02-02', 7))]);
    expect(await job()(nz('2026-02-02', 8))).toBe(0);
    expect(await job()(nz('2026-02-03', 8))).toBe(0);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    const rows = await reportsOf(client.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reportDate: '2026-01-01', status: 'draft', websiteTraffic: 3100 });
  });

  it('never overwrites a report staff already have for the month', async () => {
    const client = await connected('2026-01', 31);
    await admin.b.post(`/api/admin/clients/${client.id}/reports`, { reportDate: '2026-01-01', websiteTraffic: 7 });
    await job()(nz('2026-02-02', 7));
    expect(await reportsOf(client.id)).toMatchObject([{ status: 'published', websiteTraffic: 7, fetched: null }]);
  });

  it('waits for the New Year holidays: 5 January 2027', async () => {
    const client = await connected('2026-12', 31);
    for (const day of ['2027-01-01', '2027-01-04']) await job()(nz(day, 9));
    expect(await reportsOf(client.id)).toHaveLength(0);
    await job()(nz('2027-01-05', 6));
    expect(await reportsOf(client.id)).toMatchObject([{ reportDate: '2026-12-01', status: 'draft' }]);
  });
});
