import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inCanary, type RemotePointer } from '@agency/contracts';
import { releaseSamples } from '../../platform/db';
import { sharedSecret } from '../../platform/db/shared-secret';
import { pageTokens } from './page-token';
import { releaseReport } from './report';
import { fakeRemoteBuild, remoteStore, setupApp } from '../../../test/helpers';
import { beacon, metric, pageToken, tokenOf, visit, type Visitor } from '../../../test/rum-client';

/**
 * Browsers' measurements decide releases, so one address, or a handful, must not move them (decision
 * 0046). The rule's defaults stand here (failures from 25 networks, 3 page loads per client an hour), with a
 * small minimum of page loads and a wide margin, so a few honest page loads make a judgeable canary.
 */
let t: Awaited<ReturnType<typeof setupApp>>;
let store: ReturnType<typeof remoteStore>;
let live: string;
let canary: string;

const all = Array.from({ length: 100 }, (_, i) => i);
const inside = all.find((b) => inCanary(b, 'quoting', 50))!;
const outside = all.find((b) => !inCanary(b, 'quoting', 50))!;
const otherInside = all.filter((b) => inCanary(b, 'quoting', 50))[1]!;

const load = (version: string) => ({ remote: 'quoting', version, kind: 'load', value: 300 });
const failure = (version: string) => ({ remote: 'quoting', version, kind: 'load-failure' });
const stored = () => t.db.$count(releaseSamples);
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The canary's version as a visitor in its share gets it now (the live one once it was aborted). */
const served = async () =>
  (
    (await (
      await t.app.request('/mfe/pointer.json', { headers: { cookie: `release_bucket=${inside}` } })
    ).json()) as RemotePointer
  ).remotes.quoting?.version;

const figures = async () => {
  const quoting = (await releaseReport(t.db, store, {}, t.env.canaryRule)).remotes.find((r) => r.name === 'quoting')!;
  return { canary: quoting.canary?.figures, live: quoting.live?.figures };
};

beforeAll(async () => {
  t = await setupApp({ CANARY_MIN_PAGE_LOADS: '20', CANARY_ERROR_MARGIN: '0.1', TRUSTED_PROXIES: '127.0.0.1' });
  store = remoteStore(t);
  for (const name of ['marketing', 'account'] as const) await store.publish(name, await fakeRemoteBuild(t.root, name));
  live = (await store.publish('quoting', await fakeRemoteBuild(t.root, 'quoting-live'))).version;
  canary = (await store.publish('quoting', await fakeRemoteBuild(t.root, 'quoting-canary'), { canary: 50 })).version;
});
afterAll(() => t.cleanup());

describe('page-load tokens', () => {
  it('come with every page answer in a header, a new one each time, on a 304 too, and leave the page alone', async () => {
    const first = await t.app.request('/price-calculator', { headers: { cookie: `release_bucket=${inside}` } });
    const second = await t.app.request('/price-calculator', { headers: { cookie: `release_bucket=${inside}` } });
    expect(tokenOf(first)).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect(tokenOf(second)).not.toBe(tokenOf(first));
    expect(await second.text()).toBe(await first.text());
    const revalidated = await t.app.request('/price-calculator', {
      headers: { cookie: `release_bucket=${inside}`, 'if-none-match': first.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);
    expect(tokenOf(revalidated)).toMatch(/^[\w-]+\.[\w-]{43}$/);
  });

  it('count nothing without a valid one: missing, forged, tampered with, expired, replayed, or for other versions', async () => {
    const visitor = { address: '10.20.0.1', bucket: inside };
    const before = {
      samples: await stored(),
      loads: await metric(t, `rum_page_loads_total{remote="quoting",version="${canary}"}`),
    };
    const token = await pageToken(t, visitor);
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { v: Record<string, string> };
    const tampered = Buffer.from(JSON.stringify({ ...claims, v: { ...claims.v, quoting: live } })).toString(
      'base64url',
    );
    const sameKey = pageTokens(sharedSecret(t.db, 'page-tokens'));
    const otherKey = pageTokens(async () => Buffer.alloc(32, 7));
    const pointer = { remotes: { quoting: { version: canary, entry: '' } } };
    const forged = [
      undefined,
      '',
      'not-a-token',
      `${payload}.${signature.slice(0, -2)}AA`,
      `${tampered}.${signature}`,
      await otherKey.mint(pointer, inside, '10.20.0.0/24'),
      await sameKey.mint(pointer, inside, '10.20.0.0/24', Date.now() - 61 * 60_000), // expired an hour after its page
    ];
    for (const bad of forged) {
      expect((await beacon(t, visitor, bad, [load(canary), failure(canary)])).status, String(bad)).toBe(204);
    }
    // A token minted for the live version's page says nothing about the canary's.
    const liveVisitor = { address: '10.20.0.2', bucket: outside };
    expect((await beacon(t, liveVisitor, await pageToken(t, liveVisitor), [failure(canary)])).status).toBe(204);
    expect(await stored()).toBe(before.samples);

    // The real one counts once per kind: sent again (a replay, or a second beacon of that page), it adds nothing.
    for (let i = 0; i < 3; i++) await beacon(t, visitor, token, [load(canary), load(canary)]);
    expect(await stored()).toBe(before.samples + 1);
    expect(await metric(t, `rum_page_loads_total{remote="quoting",version="${canary}"}`)).toBe(before.loads + 1);
    expect(await metric(t, 'rum_events_refused_total{reason="no-token"}')).toBe(4);
    expect(await metric(t, 'rum_events_refused_total{reason="invalid-token"}')).toBe(8);
    expect(await metric(t, 'rum_events_refused_total{reason="expired-token"}')).toBe(2);
    expect(await metric(t, 'rum_events_refused_total{reason="version"}')).toBe(1);
    expect(await metric(t, 'rum_events_refused_total{reason="repeat"}')).toBe(5);
    // The key is kept in the database, so another gateway (here: a second signer over it) reads the same one.
    expect(
      (
        await beacon(t, { address: '10.20.0.3', bucket: inside }, await sameKey.mint(pointer, inside, '10.20.0.0/24'), [
          load(canary),
        ])
      ).status,
    ).toBe(204);
    expect(await stored()).toBe(before.samples + 2);
  });

  it("minted for one bucket, are refused with another bucket's cookie or none", async () => {
    const before = await stored();
    const token = await pageToken(t, { address: '10.21.0.1', bucket: inside });
    await beacon(t, { address: '10.21.0.1', bucket: otherInside }, token, [load(canary)]);
    await beacon(t, { address: '10.21.0.1' }, token, [load(canary)]);
    expect(await stored()).toBe(before);
    expect(await metric(t, 'rum_events_refused_total{reason="bucket"}')).toBe(2);
    await beacon(t, { address: '10.21.0.1', bucket: inside }, token, [load(canary)]);
    expect(await stored()).toBe(before + 1);
  });

  it('count at most 3 page loads per client address an hour, and store no address', async () => {
    const before = await stored();
    const visitor = { address: '10.22.0.1', bucket: inside };
    for (let i = 0; i < 6; i++) await visit(t, visitor, [load(canary)]);
    expect(await stored()).toBe(before + 3);
    expect(await metric(t, 'rum_events_refused_total{reason="address-limit"}')).toBe(3);
    // Measurements of a page load already counted still count (its INP, sent when the page is hidden).
    const token = await pageToken(t, { ...visitor, address: '10.22.0.2' });
    await beacon(t, { ...visitor, address: '10.22.0.2' }, token, [load(canary)]);
    await beacon(t, { ...visitor, address: '10.22.0.2' }, token, [
      { remote: 'quoting', version: canary, kind: 'inp', value: 80 },
    ]);
    expect(await stored()).toBe(before + 5);
    const dump = JSON.stringify(await t.db.select().from(releaseSamples));
    expect(dump).not.toMatch(/10\.2\d\.0\.\d/);
  });
});

describe('a healthy canary with real-looking traffic', () => {
  // 30 visitors in each version, each from their own address, with clean page loads.
  beforeAll(async () => {
    for (let i = 1; i <= 30; i++) {
      await visit(t, { address: `172.16.1.${i}`, bucket: inside }, [load(canary)]);
      await visit(t, { address: `172.16.2.${i}`, bucket: outside }, [load(live)]);
    }
  });

  /** An attacker's page loads of the canary, each sent with 30 failures, as many as a beacon may carry. */
  async function forge(visitor: Visitor, pageLoads: number) {
    for (let i = 0; i < pageLoads; i++) {
      const token = await pageToken(t, visitor);
      expect((await beacon(t, visitor, token, Array(30).fill(failure(canary)))).status).toBe(204);
    }
  }

  it('is not aborted by forged failures from one address', async () => {
    await forge({ address: '198.51.100.7', bucket: inside }, 20);
    await wait(2_300); // one check per 2 s
    expect(await served()).toBe(canary);
    expect((await figures()).canary).toMatchObject({ loadFailures: 3, failingAddresses: 1 });
  });

  it('is not aborted by forged failures from 20 addresses behind a trusted proxy', async () => {
    for (let a = 1; a <= 20; a++) await forge({ address: `203.0.113.${a}`, bucket: inside, viaProxy: true }, 5);
    await wait(2_300);
    expect(await served()).toBe(canary);
    const { canary: counted } = await figures();
    // Their 60 page loads all count, and the error rate is far over the margin: only the networks stop them (the 20
    // addresses are one /24, the first attacker's another: decision 0076).
    expect(counted).toMatchObject({ loadFailures: 63, failingAddresses: 2 });
    expect(counted!.errorRate).toBeGreaterThan(0.5);
    expect((await store.status()).quoting?.canary?.version).toBe(canary);
  });
});
