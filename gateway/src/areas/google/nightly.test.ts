import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FigureDays } from '@agency/contracts';
import { RECORDED, startGoogleStandIn, type GoogleStandIn } from '../../../testing/google-stand-in';
import { signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { googleConnections } from '../../platform/db';
import { takeLease } from '../../platform/db/lease';
import { createLogger } from '../../platform/logger';
import { startBackfill } from './backfill';
import { daysBetween, eachDay, monthsBefore } from './days';
import { CHUNK_DAYS, nightlyFigures, type NightlyFigures } from './nightly';
import { connectClient, connectionOf, expectedDay, storedDays } from './nightly-test-kit';

// 14:00 on 20 November 2026 in New Zealand (NZDT): yesterday is the 19th, the nightly window the 16th to the 19th.
const NOW = new Date('2026-11-20T01:00:00Z');
const YESTERDAY = '2026-11-19';
const WINDOW = eachDay('2026-11-16', YESTERDAY);
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const PROPERTIES = Array.from({ length: 12 }, (_, i) => ({
  id: `properties/3120001${String(i).padStart(2, '0')}`,
  name: `Client ${i} (GA4)`,
  account: 'accounts/90001',
}));
const SITES = PROPERTIES.map((_, i) => `sc-domain:client${i}.example.nz`);

let standIn: GoogleStandIn;
let t: Awaited<ReturnType<typeof setupApp>>;
let nightly: NightlyFigures;
let key: Buffer;
let slot = 0;

beforeAll(async () => {
  standIn = await startGoogleStandIn({ properties: PROPERTIES, sites: SITES });
  t = await setupApp(standIn.env);
  key = Buffer.from(standIn.env.GOOGLE_TOKEN_KEY!, 'base64');
  nightly = nightlyFigures({ db: t.db, google: t.env.google!, logger: createLogger('silent') });
});
afterAll(async () => {
  await t.cleanup();
  await standIn.stop();
});
afterEach(async () => {
  standIn.dataUntil = undefined;
  await t.db.delete(googleConnections);
});

/** A client of its own property and site (so its calls are counted apart), connected and up to date but for the window. */
async function client(lastFetchedDay: string | null = '2026-11-18') {
  const i = slot++;
  const property = PROPERTIES[i]!.id;
  const site = SITES[i]!;
  const clientId = await connectClient(t.db, standIn.issueGrant(), key, { property, site, lastFetchedDay });
  const calls = () =>
    standIn.requests.filter(
      (r) => r.path.includes(property) || (r.body as { site?: string } | undefined)?.site === site,
    );
  return { clientId, property, site, calls };
}

const figuresOf = (rows: Awaited<ReturnType<typeof storedDays>>) =>
  rows.map(({ clientId: _c, fetchedAt: _f, searchFinal: _s, ...r }) => r);

describe('the nightly fetch', () => {
  it("stores yesterday and the three days before as Google's figures, one fetch per client per night", async () => {
    const c = await client();
    expect((await nightly.run(NOW)).fetched).toBe(1);
    const rows = await storedDays(t.db, c.clientId);
    expect(figuresOf(rows)).toEqual(WINDOW.map((day) => expectedDay(c.property, c.site, day)));
    // Search Console's last days may still change; older ones are final.
    expect(rows.map((r) => r.searchFinal)).toEqual([true, false, false, false]);
    expect(c.calls().map((r) => r.api)).toEqual([
      'runReport',
      'runReport',
      'searchAnalytics',
      'searchAnalytics',
      'searchAnalytics',
    ]);
    expect(await connectionOf(t.db, c.clientId)).toMatchObject({
      lastFetchedDay: YESTERDAY,
      lastError: null,
      failures: 0,
      retryAt: null,
    });
    // Later the same day: nothing is due.
    await nightly.run(later(15));
    expect(c.calls()).toHaveLength(5);
  });

  it('backs off when the quota is used up, says so on the connection, and fetches after the wait', async () => {
    const c = await client();
    standIn.fail('runReport', RECORDED.quotaExceeded);
    expect((await nightly.run(NOW)).failed).toBe(1);
    const failed = await connectionOf(t.db, c.clientId);
    expect(failed).toMatchObject({ failures: 1, lastErrorAt: NOW, retryAt: later(30) });
    expect(failed.lastError).toMatch(/^Google's quota for GA4 property properties\/\d+ is used up; retrying at .*2026/);
    expect(await storedDays(t.db, c.clientId)).toEqual([]);
    const before = c.calls().length;
    await nightly.run(later(20));
    expect(c.calls()).toHaveLength(before);
    await nightly.run(later(31));
    expect(await connectionOf(t.db, c.clientId)).toMatchObject({
      failures: 0,
      lastError: null,
      lastFetchedDay: YESTERDAY,
    });
    expect(await storedDays(t.db, c.clientId)).toHaveLength(4);
  });

  it('retries a 503 on the backoff, doubling while it lasts', async () => {
    const c = await client();
    standIn.fail('searchAnalytics', RECORDED.backendError, 2);
    await nightly.run(NOW);
    expect(await connectionOf(t.db, c.clientId)).toMatchObject({ failures: 1, retryAt: later(5) });
    await nightly.run(later(5));
    const second = await connectionOf(t.db, c.clientId);
    expect(second).toMatchObject({ failures: 2, retryAt: later(15) });
    expect(second.lastError).toMatch(/^Google did not answer for Search Console site .* \(503\); retrying at/);
    await nightly.run(later(15));
    expect(await connectionOf(t.db, c.clientId)).toMatchObject({ failures: 0, lastError: null });
  });

  it('stops at a refused grant: the connection says reconnect, and Google is not called again', async () => {
    const c = await client();
    standIn.fail('token', RECORDED.invalidGrant);
    expect((await nightly.run(NOW))['dead-grant']).toBe(1);
    expect(await connectionOf(t.db, c.clientId)).toMatchObject({
      refreshToken: null,
      lastError: 'Google refused the grant (revoked or expired): reconnect',
      retryAt: null,
    });
    const tokens = standIn.requests.filter((r) => r.api === 'token').length;
    await nightly.run(later(7 * 60));
    await nightly.run(new Date(NOW.getTime() + 86_400_000));
    expect(standIn.requests.filter((r) => r.api === 'token').length).toBe(tokens);
    expect(c.calls()).toEqual([]);
  });

  it('names the property the grant cannot read, and tries it again slowly', async () => {
    const clientId = await connectClient(t.db, standIn.issueGrant(), key, {
      property: 'properties/999000999',
      site: null,
      lastFetchedDay: '2026-11-18',
    });
    await nightly.run(NOW);
    const row = await connectionOf(t.db, clientId);
    expect(row).toMatchObject({ failures: 1, retryAt: later(60), refreshToken: expect.any(String) });
    expect(row.lastError).toMatch(
      /^The grant has no access to GA4 property properties\/999000999: pick another or reconnect; retrying at/,
    );
  });

  it('backs off when Google cannot be reached at all, naming the cause', async () => {
    const c = await client();
    const google = t.env.google!;
    const unreachable = nightlyFigures({
      db: t.db,
      google: { ...google, urls: { ...google.urls, analyticsData: 'http://127.0.0.1:9' } },
      logger: createLogger('silent'),
    });
    await unreachable.run(NOW);
    const row = await connectionOf(t.db, c.clientId);
    expect(row).toMatchObject({ failures: 1, retryAt: later(5) });
    expect(row.lastError).toMatch(/^Google could not be reached for GA4 property .* \(ECONNREFUSED\); retrying at/);
  });

  it('leaves days Google has not processed unstored, not zeros, and fetches them within the hour', async () => {
    const c = await client('2026-11-15');
    standIn.dataUntil = '2026-11-17';
    expect((await nightly.run(NOW)).pending).toBe(1);
    expect((await storedDays(t.db, c.clientId)).map((r) => r.day)).toEqual(['2026-11-16', '2026-11-17']);
    expect(await connectionOf(t.db, c.clientId)).toMatchObject({
      lastFetchedDay: '2026-11-17',
      lastError: null,
      retryAt: later(60),
    });
    standIn.dataUntil = undefined;
    await nightly.run(later(45));
    expect(await storedDays(t.db, c.clientId)).toHaveLength(2);
    await nightly.run(later(60));
    expect(figuresOf(await storedDays(t.db, c.clientId))).toEqual(
      WINDOW.map((day) => expectedDay(c.property, c.site, day)),
    );
  });

  it('backfills 16 months on connect, a chunk per turn, every day once', async () => {
    const c = await client(null);
    let turns = 0;
    do await nightly.run(later(15 * turns++));
    while ((await connectionOf(t.db, c.clientId)).backfillFrom !== null && turns < 20);
    const first = monthsBefore(YESTERDAY, 16);
    const days = (await storedDays(t.db, c.clientId)).map((r) => r.day);
    expect(days).toEqual(eachDay(first, YESTERDAY));
    expect(turns).toBe(Math.ceil((daysBetween(first, YESTERDAY) - 4) / CHUNK_DAYS));
    const ranges = c
      .calls()
      .filter((r) => r.api === 'runReport')
      .map((r) => (r.body as { dateRanges: { startDate: string; endDate: string }[] }).dateRanges[0]!);
    for (const r of ranges) expect(daysBetween(r.startDate, r.endDate)).toBeLessThanOrEqual(CHUNK_DAYS);
    expect(days.filter((d) => d === '2026-01-01')).toHaveLength(1);
    expect(figuresOf((await storedDays(t.db, c.clientId)).filter((r) => r.day === '2026-01-01'))).toEqual([
      expectedDay(c.property, c.site, '2026-01-01'),
    ]);
  });

  it("never runs staff's Fetch now beside a fetch of the client under way", async () => {
    const c = await client();
    expect(await takeLease(t.db, `google-fetch:${c.clientId}`, 'another gateway', 60_000, NOW)).toBe(true);
    expect(await nightly.fetchNow(c.clientId, later(0.5))).toBe('busy');
    expect(await nightly.run(later(0.5))).toMatchObject({ busy: 1, fetched: 0 });
    expect(c.calls()).toEqual([]);
    expect(await nightly.fetchNow(c.clientId, later(1))).toBe('fetched');
  });

  it('backfills again when the connect flow asks (startBackfill)', async () => {
    const c = await client();
    await nightly.run(NOW);
    await startBackfill(t.db, c.clientId, NOW);
    await nightly.run(later(15));
    expect((await connectionOf(t.db, c.clientId)).backfillFrom).toBe(
      eachDay(monthsBefore(YESTERDAY, 16), YESTERDAY)[CHUNK_DAYS],
    );
  });
});

describe("staff's figures API", () => {
  it('answers the stored days, an unreadable top list as empty, and names a bad date', async () => {
    const staff = await signedIn(t.app, t.db, 'admin', 'figures-staff');
    const c = await client();
    await nightly.run(NOW);
    await t.db.run(sql`update google_daily_figures set topQueries = '{"not":"a list"}' where day = '2026-11-17'`);
    const res = await staff.b.get(`/api/admin/clients/${c.clientId}/google/days?from=2026-11-01&to=2026-11-30`);
    expect(res.status).toBe(200);
    const body = res.json as FigureDays;
    expect(body.status).toMatchObject({ granted: true, lastFetchedDay: YESTERDAY, lastError: null });
    expect(body.days.map((d) => d.day)).toEqual(WINDOW);
    expect(body.days[1]!.topQueries).toEqual([]);
    expect(body.days[1]!.topPages).toHaveLength(3);
    const bad = await staff.b.get(`/api/admin/clients/${c.clientId}/google/days?from=2026-13-01&to=2026-11-30`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('from');
    const long = await staff.b.get(`/api/admin/clients/${c.clientId}/google/days?from=2024-01-01&to=2026-11-30`);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.json)).toContain('at most 400 days');
    const client2 = await signedIn(t.app, t.db, 'client', 'figures-client');
    expect(
      (await client2.b.get(`/api/admin/clients/${c.clientId}/google/days?from=2026-11-01&to=2026-11-30`)).status,
    ).toBe(403);
  });

  it('fetches now for staff, at most a few times an hour each', async () => {
    const staff = await signedIn(t.app, t.db, 'admin', 'fetch-staff');
    const c = await client();
    const res = await staff.b.post(`/api/admin/clients/${c.clientId}/google/fetch`, {});
    expect(res.status).toBe(200);
    expect(res.json.status).toMatchObject({ lastError: null, failures: 0 });
    let last = res.status;
    for (let i = 0; i < 10 && last !== 429; i++)
      last = (await staff.b.post(`/api/admin/clients/${c.clientId}/google/fetch`, {})).status;
    expect(last).toBe(429);
  });
});
