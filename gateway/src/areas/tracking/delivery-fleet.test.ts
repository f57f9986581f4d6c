import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdPlatformsStandIn, type AdPlatformsStandIn } from '../../../testing/ad-platforms-stand-in';
import { consentCounts, conversionDeliveries, jobLeases } from '../../platform/db';
import { jobRunner } from '../../platform/jobs/jobs';
import { DELIVER_EVERY_MS } from './delivery-job';
import { browser, signedIn } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { createLogger } from '../../platform/logger';
import { CONSENT, trackingKit } from './tracking-test-kit';

let standIn: AdPlatformsStandIn;
beforeAll(async () => {
  standIn = await startAdPlatformsStandIn();
});
afterAll(() => standIn.stop());

describe('two gateways on one database', () => {
  it('send each event once', async () => {
    const k = await trackingKit({}, standIn);
    // A second gateway over the same database file, as a fleet runs.
    const other = await setupApp(
      { ...standIn.env, DATABASE_URL: k.t.env.databaseUrl },
      { logger: createLogger('silent') },
    );
    try {
      standIn.clear();
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(((await k.convert(CONSENT.all)).json.id as number).toString());
      const now = new Date();
      const [a, b] = await Promise.all([
        k.t.app.conversionDeliveries.run(now),
        other.app.conversionDeliveries.run(now),
      ]);
      expect(a.sent + b.sent).toBe(12);
      const sent = standIn.requests.filter((r) => r.path !== '/debug/mp/collect');
      const eventIds = sent.map((r) =>
        r.platform === 'meta'
          ? `meta:${(r.body as { data: { event_id: string }[] }).data[0]!.event_id}`
          : `ga4:${(r.body as { events: { params: { event_id: string } }[] }).events[0]!.params.event_id}`,
      );
      expect(eventIds).toHaveLength(12);
      expect(new Set(eventIds).size).toBe(12);
    } finally {
      await other.cleanup();
      await k.cleanup();
    }
  });
});

describe('two job runners on one database', () => {
  it('run the leased conversions job on one gateway a turn, and each event goes once', async () => {
    const k = await trackingKit({}, standIn);
    const other = await setupApp(
      { ...standIn.env, DATABASE_URL: k.t.env.databaseUrl },
      { logger: createLogger('silent') },
    );
    const runners = [k.t, other].map((g) =>
      jobRunner({ db: g.db, logger: createLogger('silent') }).every(
        'conversions',
        DELIVER_EVERY_MS,
        (now) => g.app.conversionDeliveries.run(now),
        { lease: true },
      ),
    );
    try {
      standIn.clear();
      for (let i = 0; i < 4; i++) await k.convert(CONSENT.adsOnly);
      for (const r of runners) r.start();
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.all(runners.map((r) => r.idle()));
      const sent = standIn.requests.filter((r) => r.platform === 'meta' && r.status === 200);
      expect(sent).toHaveLength(4);
      const [lease] = await k.t.db.select().from(jobLeases).where(eq(jobLeases.name, 'job:conversions'));
      expect(lease).toBeDefined();
    } finally {
      for (const r of runners) r.stop();
      await other.cleanup();
      await k.cleanup();
    }
  });
});

describe('refusals', () => {
  it("marks a delivery Meta refused with Meta's own words, shown on the summary, never tried again", async () => {
    const k = await trackingKit({ META_CAPI_TOKEN: `EAAB${'y'.repeat(40)}` }, standIn);
    try {
      standIn.clear();
      await k.convert(CONSENT.adsOnly);
      expect(await k.t.app.conversionDeliveries.run(new Date())).toMatchObject({ refused: 1 });
      const [row] = await k.t.db.select().from(conversionDeliveries).where(eq(conversionDeliveries.platform, 'meta'));
      expect(row).toMatchObject({ state: 'refused', attempts: 1, nextAt: null });
      expect(row!.reason).toContain('Invalid OAuth access token');
      expect(row!.reason).toContain('The access token is not valid.');
      const staff = await signedIn(k.t.app, k.t.db, 'admin', 'refusal-staff');
      const summary = await staff.b.get('/api/admin/tracking');
      expect(summary.json.platforms).toContainEqual(expect.objectContaining({ platform: 'meta', refused: 1, sent: 0 }));
      expect(summary.json.recent).toContainEqual(
        expect.objectContaining({ state: 'refused', reason: expect.stringContaining('Invalid OAuth access token') }),
      );
      expect(await k.t.app.conversionDeliveries.run(new Date(Date.now() + 3_600_000))).toMatchObject({ refused: 0 });
      // The token is never in a log line.
      for (const line of k.lines) expect(line).not.toContain('y'.repeat(40));
    } finally {
      await k.cleanup();
    }
  });

  it("keeps GA4's validation messages as the refusal on a process's first send", async () => {
    const k = await trackingKit({}, standIn);
    try {
      standIn.clear();
      standIn.invalidGa4([
        {
          fieldPath: 'measurement_id',
          description: 'Unable to find measurement_id G-STANDIN1.',
          validationCode: 'VALUE_INVALID',
        },
      ]);
      await k.convert(CONSENT.all);
      expect(await k.t.app.conversionDeliveries.run(new Date())).toMatchObject({ sent: 1, refused: 1 });
      const [row] = await k.t.db.select().from(conversionDeliveries).where(eq(conversionDeliveries.platform, 'ga4'));
      expect(row).toMatchObject({ state: 'refused', reason: 'GA4: Unable to find measurement_id G-STANDIN1.' });
      expect(standIn.requests.filter((r) => r.path === '/mp/collect')).toEqual([]);
    } finally {
      await k.cleanup();
    }
  });
});

describe('POST /api/consent', () => {
  it('counts the choice by NZ day, and answers 400 naming the field for a bad body', async () => {
    const k = await trackingKit({}, standIn);
    try {
      const b = browser(k.t.app);
      const bad = await b.post('/api/consent', { analytics: 'yes', ads: true, how: 'accept' });
      expect(bad.status).toBe(400);
      expect(bad.json.errors).toHaveProperty('analytics');
      const how = await b.post('/api/consent', { analytics: true, ads: true, how: 'maybe' });
      expect(how.status).toBe(400);
      expect(how.json.errors).toHaveProperty('how');
      expect((await b.post('/api/consent', { analytics: true, ads: false, how: 'choose' })).status).toBe(204);
      expect((await b.post('/api/consent', { analytics: true, ads: false, how: 'choose' })).status).toBe(204);
      const rows = await k.t.db.select().from(consentCounts);
      expect(rows).toEqual([
        {
          day: new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date()),
          analytics: true,
          ads: false,
          how: 'choose',
          count: 2,
        },
      ]);
    } finally {
      await k.cleanup();
    }
  });

  it('is limited per address', async () => {
    const k = await trackingKit({}, standIn);
    try {
      const b = browser(k.t.app);
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++)
        statuses.push((await b.post('/api/consent', { analytics: false, ads: false, how: 'reject' })).status);
      expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await k.cleanup();
    }
  });
});
