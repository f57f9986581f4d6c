import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversionDeliveries, conversionEvents } from '../../platform/db';
import { browser, signedIn } from '../../../test/auth-client';
import { fromPeer } from '../../../test/helpers';
import { eraseEverywhere } from '../privacy/erase';
import { heldFor } from '../privacy/held';
import { CONSENT, FBP, GA, trackingKit } from './tracking-test-kit';

type Kit = Awaited<ReturnType<typeof trackingKit>>;
let k: Kit;
beforeAll(async () => {
  k = await trackingKit();
});
afterAll(() => k.cleanup());
beforeEach(() => k.standIn.clear());

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const MINUTE = 60_000;
const deliveriesOf = (conversionId: number) =>
  k.t.db.select().from(conversionDeliveries).where(eq(conversionDeliveries.conversionId, conversionId));
const metaBodies = () => k.standIn.requests.filter((r) => r.platform === 'meta');

describe('server-side conversions', () => {
  it('sends a conversion with ads and analytics consent to Meta and GA4 under the browser event id, hashed', async () => {
    const res = await k.convert(CONSENT.all, { eventId: 'evt-both-platforms-1' });
    const id = res.json.id as number;
    const [row] = await k.t.db.select().from(conversionEvents).where(eq(conversionEvents.id, id));
    expect(row).toMatchObject({
      eventId: 'evt-both-platforms-1',
      fbp: FBP,
      gaClientId: GA.clientId,
      adsConsent: true,
      analyticsConsent: true,
      eventSourceUrl: `${k.t.env.publicConfig.publicOrigin}/contact`,
    });
    expect((await deliveriesOf(id)).map((d) => d.platform).sort()).toEqual(['ga4', 'meta']);

    expect(await k.t.app.conversionDeliveries.run(new Date())).toMatchObject({ sent: 2, retry: 0 });
    const [meta] = metaBodies();
    const event = (meta!.body as { data: Record<string, unknown>[] }).data[0]!;
    expect(event).toMatchObject({
      event_name: 'Lead',
      event_id: 'evt-both-platforms-1',
      action_source: 'website',
      event_source_url: `${k.t.env.publicConfig.publicOrigin}/contact`,
      user_data: {
        em: [sha256('aroha.ngata@example.nz')],
        ph: [sha256('64211234567')],
        fn: [sha256('aroha')],
        client_user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Test',
        fbp: FBP,
      },
      custom_data: { currency: 'NZD', value: 1, content_name: 'Contact form' },
    });
    // GA4: the first send of the process is checked with the validation server first, then sent.
    const ga4 = k.standIn.requests.filter((r) => r.platform === 'ga4');
    expect(ga4.map((r) => r.path)).toEqual(['/debug/mp/collect', '/mp/collect']);
    expect(ga4[1]!.body).toMatchObject({
      client_id: GA.clientId,
      events: [{ name: 'generate_lead', params: { event_id: 'evt-both-platforms-1', session_id: 1764400123 } }],
    });
    expect(ga4[1]!.query).toMatchObject({ measurement_id: 'G-STANDIN1' });
    // Nothing of the person as typed, in any request or log line; and no hash in a log line either.
    for (const text of [...k.standIn.requests.map((r) => r.raw), ...k.lines]) {
      expect(text.toLowerCase()).not.toContain('aroha.ngata@example.nz');
      expect(text).not.toContain('021 123 4567');
      expect(text).not.toContain('0211234567');
    }
    for (const line of k.lines) expect(line).not.toContain(sha256('aroha.ngata@example.nz'));
    expect((await deliveriesOf(id)).map((d) => d.state)).toEqual(['sent', 'sent']);
  });

  it('queues nothing and sends nothing when ads consent is refused or not chosen', async () => {
    const ids = [
      (await k.convert(CONSENT.analyticsOnly)).json.id as number,
      (await k.convert(CONSENT.none)).json.id as number,
      (await k.convert(null)).json.id as number,
      (await k.convert('v1.a1.mX')).json.id as number,
    ];
    for (const id of ids) expect(await deliveriesOf(id)).toEqual([]);
    const [row] = await k.t.db.select().from(conversionEvents).where(eq(conversionEvents.id, ids[2]!));
    expect(row).toMatchObject({ adsConsent: false, analyticsConsent: false, fbp: null });
    await k.t.app.conversionDeliveries.run(new Date());
    expect(k.standIn.requests).toEqual([]);
  });

  it('with ads consent only goes to Meta alone; GA4 needs analytics consent and a client id', async () => {
    const ads = (await k.convert(CONSENT.adsOnly)).json.id as number;
    const noClient = (await k.convert(CONSENT.all, { ga: undefined })).json.id as number;
    expect((await deliveriesOf(ads)).map((d) => d.platform)).toEqual(['meta']);
    expect((await deliveriesOf(noClient)).map((d) => d.platform)).toEqual(['meta']);
  });

  it('keeps the source page only on its own origins and makes an event id when an older remote sent none', async () => {
    const id = (await k.convert(CONSENT.all, { eventId: undefined, eventSourceUrl: 'https://evil.example/x' })).json
      .id as number;
    const [row] = await k.t.db.select().from(conversionEvents).where(eq(conversionEvents.id, id));
    expect(row!.eventSourceUrl).toBeNull();
    expect(row!.eventId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('waits out an outage on its backoff and then delivers exactly once', async () => {
    await k.t.app.conversionDeliveries.run(new Date()); // what earlier tests left waiting
    k.standIn.clear();
    const id = (await k.convert(CONSENT.adsOnly)).json.id as number;
    k.standIn.outage(3);
    const start = Date.now();
    const at = (minutes: number) => new Date(start + minutes * MINUTE);
    expect(await k.t.app.conversionDeliveries.run(at(0))).toMatchObject({ retry: 1 });
    const [first] = await deliveriesOf(id);
    expect(first).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(first!.nextAt!.getTime()).toBe(at(1).getTime());
    expect(first!.reason).toContain('Service temporarily unavailable');
    expect(await k.t.app.conversionDeliveries.run(at(0.5))).toMatchObject({ retry: 0, sent: 0 });
    expect(await k.t.app.conversionDeliveries.run(at(1))).toMatchObject({ retry: 1 });
    expect(await k.t.app.conversionDeliveries.run(at(3))).toMatchObject({ retry: 1 });
    expect(await k.t.app.conversionDeliveries.run(at(7))).toMatchObject({ sent: 1 });
    expect(await k.t.app.conversionDeliveries.run(at(60))).toMatchObject({ sent: 0, retry: 0 });
    expect(metaBodies().map((r) => r.status)).toEqual([503, 503, 503, 200]);
    expect(await deliveriesOf(id)).toMatchObject([{ state: 'sent', attempts: 4, reason: null }]);
  });

  it('gives up on an event older than the platform takes: dead, never sent', async () => {
    const id = (await k.convert(CONSENT.all)).json.id as number;
    const later = new Date(Date.now() + 8 * 24 * 60 * MINUTE);
    expect(await k.t.app.conversionDeliveries.run(later)).toMatchObject({ dead: 2, sent: 0 });
    expect(k.standIn.requests).toEqual([]);
    const rows = await deliveriesOf(id);
    expect(rows.map((r) => r.state)).toEqual(['dead', 'dead']);
    expect(rows.find((r) => r.platform === 'meta')!.reason).toContain('Meta');
  });

  it('counts its sends on /metrics by platform and outcome', async () => {
    const text = await (await k.t.app.request('/metrics', {}, fromPeer('127.0.0.1'))).text();
    expect(text).toMatch(/conversion_deliveries_total\{platform="meta",outcome="sent"\} [1-9]/);
    expect(text).toMatch(/conversion_deliveries_total\{platform="meta",outcome="dead"\} [1-9]/);
  });

  it("erases the deliveries with their conversion, by a privacy request's erasure", async () => {
    const id = (await k.convert(CONSENT.all, { userData: { email: 'erase.me@example.nz' } })).json.id as number;
    expect(await deliveriesOf(id)).toHaveLength(2);
    // The person's copy finds them as theirs.
    const held = await heldFor(k.t.db, 'erase.me@example.nz');
    const rows = [...held.rows].find(([place]) => place.table === 'conversion_deliveries')?.[1];
    expect(rows).toHaveLength(2);
    await eraseEverywhere(
      k.t.db,
      k.t.stores.files,
      'erase.me@example.nz',
      { id: null, name: 'test' },
      { type: 'test' },
      async () => undefined,
    );
    expect(await k.t.db.$count(conversionEvents, eq(conversionEvents.id, id))).toBe(0);
    expect(await deliveriesOf(id)).toEqual([]);
  });
});

describe("the staff's Tracking summary", () => {
  it('is for staff only', async () => {
    const client = await signedIn(k.t.app, k.t.db, 'client', 'tracking-client');
    expect((await client.b.get('/api/admin/tracking')).status).toBe(403);
    expect((await browser(k.t.app).get('/api/admin/tracking')).status).toBe(401);
  });

  it('counts by state per platform over 7 days and lists the newest deliveries', async () => {
    const staff = await signedIn(k.t.app, k.t.db, 'admin', 'tracking-staff');
    const res = await staff.b.get('/api/admin/tracking');
    expect(res.status).toBe(200);
    const meta = (res.json.platforms as Record<string, unknown>[]).find((p) => p.platform === 'meta')!;
    expect(meta).toMatchObject({ configured: true, matchQuality: null });
    expect(meta.sent).toBeGreaterThanOrEqual(2);
    expect(meta.lastSentAt).toEqual(expect.any(Number));
    const recent = res.json.recent as Record<string, unknown>[];
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.some((d) => d.eventId === 'evt-both-platforms-1' && d.eventName === 'generate_lead')).toBe(true);
  });
});
