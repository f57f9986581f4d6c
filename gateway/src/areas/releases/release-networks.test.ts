import { afterEach, describe, expect, it } from 'vitest';
import { inCanary } from '@agency/contracts';
import { createLogger } from '../../platform/logger';
import { canaryWatch } from './canary-watch';
import { livePointer } from './live-pointer';
import { releaseReport } from './report';
import { fakeRemoteBuild, remoteStore, setupApp } from '../../../test/helpers';
import { beacon, metric, pageToken, visit, type Visitor } from '../../../test/rum-client';

/**
 * Canary evidence counts networks, not addresses (decision 0076): one subscriber's IPv6 /56 holds 256 /64s, one
 * office or hosting range an IPv4 /24. With the rule's defaults (200 page loads, failures from 25 networks, a margin
 * of 2 points, 3 page loads per client an hour), such a range must not abort a healthy 50% canary, and a failure seen
 * from many networks must. Clients speak through the trusted proxy (X-Forwarded-For), as behind a load balancer.
 */
let t: Awaited<ReturnType<typeof setupApp>> | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

const all = Array.from({ length: 100 }, (_, i) => i);
const inside = all.find((b) => inCanary(b, 'quoting', 50))!;
const outside = all.find((b) => !inCanary(b, 'quoting', 50))!;
const event = (version: string, kind: 'load' | 'load-failure' = 'load') =>
  kind === 'load' ? { remote: 'quoting', version, kind, value: 300 } : { remote: 'quoting', version, kind };

/** A healthy 50% canary of quoting, with healthy traffic on both sides from 40 networks each. */
async function healthyCanary() {
  t = await setupApp({ TRUSTED_PROXIES: '127.0.0.1' });
  const store = remoteStore(t);
  for (const name of ['marketing', 'account'] as const) await store.publish(name, await fakeRemoteBuild(t.root, name));
  const live = (await store.publish('quoting', await fakeRemoteBuild(t.root, 'live'))).version;
  const canary = (await store.publish('quoting', await fakeRemoteBuild(t.root, 'canary'), { canary: 50 })).version;
  for (let i = 1; i <= 40; i++) {
    await visit(t, { address: `172.16.${i}.9`, bucket: inside, viaProxy: true }, [event(canary)]);
    await visit(t, { address: `172.17.${i}.9`, bucket: outside, viaProxy: true }, [event(live)]);
  }
  // The gateway's own watch runs after beacons; this one is the same code, run when the test says, so the verdict is
  // read after every beacon has been stored rather than after a wait.
  const app = t;
  const watch = canaryWatch({
    db: app.db,
    store,
    live: livePointer(store, {}),
    rule: app.env.canaryRule,
    logger: createLogger('silent'),
  });
  const verdict = async () => {
    await watch.check();
    return (await store.status()).quoting!;
  };
  const figures = async () =>
    (await releaseReport(app.db, store, {}, app.env.canaryRule)).remotes.find((r) => r.name === 'quoting')!.canary!
      .figures;
  return { live, canary, verdict, figures };
}

/** A page load of the canary reported as failed, from `visitor`: 2 requests (the page, then its beacon). */
const failedLoad = (visitor: Visitor, canary: string) => visit(t!, visitor, [event(canary, 'load-failure')]);

describe('IPv6 clients', () => {
  it('counts 70 /64s inside one /56, 420 requests, as one client and one network: the healthy canary runs on', async () => {
    const { canary, verdict, figures } = await healthyCanary();
    for (let net = 0; net < 70; net++)
      for (let i = 0; i < 3; i++)
        await failedLoad(
          { address: `2001:db8:77:${(0x1200 + net).toString(16)}::${i + 1}`, bucket: inside, viaProxy: true },
          canary,
        );
    expect(await verdict()).toMatchObject({ canary: { version: canary } });
    // 3 page loads a client an hour, and one failing network: what the /56 adds is bounded, whatever it tries.
    expect(await figures()).toMatchObject({ loadFailures: 3, failingAddresses: 1 });
    expect(await metric(t!, 'rum_events_refused_total{reason="address-limit"}')).toBe(207);
  }, 120_000);

  it('counts each /48 once, so a failure seen from many of them still aborts the canary', async () => {
    const { canary, verdict } = await healthyCanary();
    // 30 sites, each its own /48, each with 3 failed page loads from two of its /64s; 80 more healthy ones.
    for (let site = 1; site <= 30; site++)
      for (const [sub, i] of [
        [1, 1],
        [2, 1],
        [2, 2],
      ] as const)
        await failedLoad(
          { address: `2001:db8:${site.toString(16)}:${sub}::${i}`, bucket: inside, viaProxy: true },
          canary,
        );
    for (let site = 100; site < 180; site++)
      await visit(t!, { address: `2001:db8:${site.toString(16)}:1::1`, bucket: inside, viaProxy: true }, [
        event(canary),
      ]);
    // The gateway's own watch may abort it during the healthy visits (once 200 page loads are counted), so the
    // figures are read from the abort's reason: failures from all 30 networks, whenever it was decided.
    const state = await verdict();
    expect(state.canary).toBeUndefined();
    expect(state.lastAbort).toMatchObject({ version: canary, automatic: true });
    expect(state.lastAbort!.reason).toMatch(/^error rate \d+\.\d% over \d+ page loads, with failures from 30 networks/);
  }, 120_000);
});

describe('IPv4 clients', () => {
  it('counts a run from one /24 as one failing network: the healthy canary runs on', async () => {
    const { canary, verdict, figures } = await healthyCanary();
    // 250 addresses of one /24, each within its 3 page loads an hour: every page load counts, all of them failed.
    for (let host = 1; host <= 250; host++)
      await failedLoad({ address: `198.51.100.${host}`, bucket: inside, viaProxy: true }, canary);
    const counted = await figures();
    expect(counted).toMatchObject({ loadFailures: 250, failingAddresses: 1 });
    expect(counted.errorRate).toBeGreaterThan(0.8);
    expect(await verdict()).toMatchObject({ canary: { version: canary } });
  }, 120_000);
});

describe('a page-load token', () => {
  it('counts only from the network that loaded its page', async () => {
    const { canary, figures } = await healthyCanary();
    const loaded = { address: '2001:db8:aa:1::1', bucket: inside, viaProxy: true };
    const token = await pageToken(t!, loaded);
    // From another /48, or from an IPv4 address: not counted.
    await beacon(t!, { ...loaded, address: '2001:db8:ab:1::1' }, token, [event(canary, 'load-failure')]);
    await beacon(t!, { ...loaded, address: '203.0.113.5' }, token, [event(canary, 'load-failure')]);
    expect(await metric(t!, 'rum_events_refused_total{reason="network"}')).toBe(2);
    expect(await figures()).toMatchObject({ loadFailures: 0 });
    // From another /64 of the same /48 (a phone moving between networks of one site): counted.
    await beacon(t!, { ...loaded, address: '2001:db8:aa:ff::7' }, token, [event(canary, 'load-failure')]);
    expect(await figures()).toMatchObject({ loadFailures: 1, failingAddresses: 1 });

    // IPv4: the page's /24.
    const v4 = { address: '192.0.2.10', bucket: inside, viaProxy: true };
    const v4Token = await pageToken(t!, v4);
    await beacon(t!, { ...v4, address: '192.0.3.10' }, v4Token, [event(canary, 'load-failure')]);
    expect(await metric(t!, 'rum_events_refused_total{reason="network"}')).toBe(3);
    await beacon(t!, { ...v4, address: '192.0.2.99' }, v4Token, [event(canary, 'load-failure')]);
    expect(await figures()).toMatchObject({ loadFailures: 2, failingAddresses: 2 });
  }, 120_000);
});
