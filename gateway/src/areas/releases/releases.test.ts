import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inCanary, POINTER_ELEMENT_ID, RELEASE_BUCKET_COOKIE, type RemotePointer } from '@agency/contracts';
import { releaseSamples } from '../../platform/db';
import { browser, signedIn } from '../../../test/auth-client';
import { fakeRemoteBuild, fromPeer, remoteStore, setupApp } from '../../../test/helpers';
import { beacon as send, visit } from '../../../test/rum-client';

let t: Awaited<ReturnType<typeof setupApp>>;
let store: ReturnType<typeof remoteStore>;
let live: string;
let canary: string;

beforeAll(async () => {
  // A small rule, so a few page loads from a few addresses decide.
  t = await setupApp({ CANARY_MIN_PAGE_LOADS: '10', CANARY_ERROR_MARGIN: '0.1', CANARY_MIN_FAILING_ADDRESSES: '3' });
  store = remoteStore(t);
  for (const name of ['marketing', 'account'] as const) await store.publish(name, await fakeRemoteBuild(t.root, name));
  live = (await store.publish('quoting', await fakeRemoteBuild(t.root, 'quoting-live'))).version;
});
afterAll(() => t.cleanup());

/** A bucket in the quoting canary's share and one outside it, at the given percentage. */
const buckets = (percent: number) => {
  const all = Array.from({ length: 100 }, (_, i) => i);
  return {
    inside: all.find((b) => inCanary(b, 'quoting', percent))!,
    outside: all.find((b) => !inCanary(b, 'quoting', percent))!,
  };
};

const cookieFor = (bucket: number) => ({ cookie: `${RELEASE_BUCKET_COOKIE}=${bucket}` });
const inlinePointer = (html: string): RemotePointer =>
  JSON.parse(new RegExp(`<script id="${POINTER_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html)![1]!);

/** A beacon with no token (the schema and the per-address limit come before any token is looked at). */
const beacon = (events: unknown[], address = '10.9.0.1') => send(t, { address }, undefined, events);

describe('a canary release', () => {
  it('serves the canary to its share by the bucket cookie, in the page, its pointer and pointer.json', async () => {
    // No canary: public pages, no cookie.
    const before = await t.app.request('/price-calculator');
    expect(before.headers.get('set-cookie')).toBeNull();
    expect(before.headers.get('cache-control')).toContain('public');

    canary = (await store.publish('quoting', await fakeRemoteBuild(t.root, 'quoting-canary'), { canary: 30 })).version;
    const { inside, outside } = buckets(30);
    for (const [bucket, version] of [
      [inside, canary],
      [outside, live],
    ] as const) {
      const res = await t.app.request('/price-calculator', { headers: cookieFor(bucket) });
      expect(inlinePointer(await res.text()).remotes.quoting?.version, `bucket ${bucket}`).toBe(version);
      // The page now depends on the visitor's bucket: no shared cache may keep it.
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(res.headers.get('set-cookie')).toBeNull(); // the visitor keeps the bucket they have
      const pointer = (await (
        await t.app.request('/mfe/pointer.json', { headers: cookieFor(bucket) })
      ).json()) as RemotePointer;
      expect(pointer.remotes.quoting?.version).toBe(version);
      expect(pointer.remotes.marketing?.version).not.toBe(canary);
    }
  });

  it('gives a new visitor a random, lasting bucket on the first page, and that page the matching version', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const res = await t.app.request('/');
      const cookie = res.headers.get('set-cookie')!;
      expect(cookie).toMatch(
        new RegExp(`^${RELEASE_BUCKET_COOKIE}=\\d{1,2}; Max-Age=7776000; Path=/; HttpOnly; SameSite=Lax$`),
      );
      const bucket = Number(/=(\d+)/.exec(cookie)![1]);
      const version = inlinePointer(await res.text()).remotes.quoting?.version;
      expect(version).toBe(inCanary(bucket, 'quoting', 30) ? canary : live);
      seen.add(version!);
    }
    expect(seen).toEqual(new Set([live, canary])); // 40 visitors at 30%: both versions (1 in 10^6 to fail)
  });

  it('refuses a second canary, a deploy and a rollback while one runs, each saying what to do', async () => {
    const other = await fakeRemoteBuild(t.root, 'quoting-other');
    await expect(store.publish('quoting', other, { canary: 10 })).rejects.toThrow(/promote or abort it first/);
    await expect(store.publish('quoting', other)).rejects.toThrow(/promote or abort it first/);
    await expect(store.rollback('quoting')).rejects.toThrow(/abort it first \(remotes abort quoting\), then roll back/);
    await expect(store.publish('quoting', other, { canary: 100 })).rejects.toThrow(/from 1 to 99/);
  });
});

describe('real-user measurements', () => {
  it('keeps measurements of known releases in /metrics and the database, and drops any other label', async () => {
    const { inside, outside } = buckets(30);
    const junk = [
      { remote: 'quoting', version: 'made-up-version', kind: 'error' },
      { remote: 'evil', version: canary, kind: 'load', value: 1 },
      { remote: '__proto__', version: 'x', kind: 'load', value: 1 },
    ];
    const res = await visit(t, { address: '10.9.0.1', bucket: inside }, [
      { remote: 'quoting', version: canary, kind: 'load', value: 420 },
      ...junk,
    ]);
    expect(res.status).toBe(204);
    expect(
      (
        await visit(t, { address: '10.9.0.1', bucket: outside }, [
          { remote: 'quoting', version: live, kind: 'lcp', value: 1200 },
          { remote: 'quoting', version: live, kind: 'cls', value: 0.02 },
          ...junk,
        ])
      ).status,
    ).toBe(204);
    const metrics = await (await t.app.request('/metrics', {}, fromPeer('127.0.0.1'))).text();
    expect(metrics).toContain(`rum_page_loads_total{remote="quoting",version="${canary}"} 1`);
    expect(metrics).toContain(`rum_remote_load_seconds_bucket{le="0.5",remote="quoting",version="${canary}"} 1`);
    expect(metrics).toContain(`rum_lcp_seconds_count{remote="quoting",version="${live}"} 1`);
    expect(metrics).toContain(`rum_cls_sum{remote="quoting",version="${live}"} 0.02`);
    expect(metrics).not.toContain('made-up-version');
    expect(metrics).not.toContain('remote="evil"');
    expect(await t.db.$count(releaseSamples)).toBe(3);
  });

  it('answers a malformed beacon 400 naming the field, and stores nothing', async () => {
    for (const events of [
      [],
      [{ remote: 'quoting', version: live, kind: 'mood' }],
      [{ remote: 'quoting', version: live, kind: 'lcp', value: -1 }],
    ]) {
      const res = await beacon(events, '10.9.0.2');
      expect(res.status, JSON.stringify(events)).toBe(400);
      expect(Object.keys(((await res.json()) as { errors: object }).errors)[0]).toMatch(/^events/);
    }
    expect((await beacon(Array(31).fill({ remote: 'quoting', version: live, kind: 'load' }), '10.9.0.2')).status).toBe(
      400,
    );
    expect(await t.db.$count(releaseSamples)).toBe(3);
  });

  it('limits beacons per client address', async () => {
    const event = [{ remote: 'quoting', version: live, kind: 'cls', value: 0 }];
    let status = 204;
    for (let i = 0; i < 601 && status === 204; i++) status = (await beacon(event, '10.9.0.3')).status;
    expect(status).toBe(429);
    expect((await beacon(event, '10.9.0.4')).status).toBe(204);
  });
});

describe('automatic abort', () => {
  it('aborts a canary whose error rate is worse than the live one by the margin, and says why', async () => {
    const load = (version: string) => ({ remote: 'quoting', version, kind: 'load', value: 300 });
    const error = { remote: 'quoting', version: canary, kind: 'error' };
    const { inside, outside } = buckets(30);
    // Live: 20 clean page loads. Canary: 8 more page loads (9 with the earlier one), 3 of them with an error, each
    // from a network of its own (an IPv4 /24: decision 0076) - not yet enough page loads to judge.
    for (let i = 1; i <= 20; i++) await visit(t, { address: `10.9.1.${i}`, bucket: outside }, [load(live)]);
    for (let i = 1; i <= 8; i++)
      await visit(t, { address: `10.9.${10 + i}.2`, bucket: inside }, i <= 3 ? [load(canary), error] : [load(canary)]);
    const report = async () =>
      (
        (await (
          await t.app.request('/mfe/pointer.json', { headers: cookieFor(buckets(30).inside) })
        ).json()) as RemotePointer
      ).remotes.quoting?.version;
    await new Promise((r) => setTimeout(r, 2200)); // one check per 2 s
    expect(await report()).toBe(canary);

    // The tenth page load: 3 of 10 with errors, from 3 networks, 30% against 0%. (One visit: with two, whether the
    // check after the first finishes before the second arrives is a race, and the reason names either count.)
    await visit(t, { address: '10.9.19.2', bucket: inside }, [load(canary)]);
    const deadline = Date.now() + 5000;
    while ((await report()) !== live && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await report()).toBe(live);

    const state = (await store.status()).quoting!;
    expect(state.canary).toBeUndefined();
    expect(state.current).toBe(live);
    expect(state.lastAbort).toMatchObject({ version: canary, automatic: true });
    expect(state.lastAbort!.reason).toBe(
      'error rate 30.0% over 10 page loads, with failures from 3 networks, against 0.0% for the live version ' +
        '(20 page loads); the margin is 10.0 points',
    );
    // Pages are public again, for everyone.
    expect((await t.app.request('/')).headers.get('cache-control')).toContain('public');
  });
});

describe('GET /api/admin/releases', () => {
  it('shows master admins live and canary side by side with their figures, and no one else', async () => {
    const make = async (role: 'admin' | 'master_admin', username: string) =>
      (await signedIn(t.app, t.db, role, username)).b;
    const master = await make('master_admin', 'release-master');
    const admin = await make('admin', 'release-admin');
    expect((await admin.get('/api/admin/releases')).status).toBe(403);
    expect((await browser(t.app).get('/api/admin/releases')).status).toBe(401);

    const again = (await store.publish('quoting', await fakeRemoteBuild(t.root, 'quoting-third'), { canary: 10 }))
      .version;
    const inside = buckets(10).inside;
    await visit(t, { address: '10.9.3.1', bucket: inside }, [
      { remote: 'quoting', version: again, kind: 'lcp', value: 1800 },
      { remote: 'quoting', version: again, kind: 'load', value: 250 },
    ]);
    // Crashed before its first render: a page load with no load time.
    await visit(t, { address: '10.9.3.2', bucket: inside }, [{ remote: 'quoting', version: again, kind: 'load' }]);
    const res = await master.get('/api/admin/releases');
    expect(res.status).toBe(200);
    const quoting = (res.json.remotes as { name: string }[]).find((r) => r.name === 'quoting');
    expect(quoting).toMatchObject({
      live: { version: live },
      canary: {
        version: again,
        percent: 10,
        figures: { lcpP75Ms: 1800, loadP75Ms: 250, samples: 3, pageLoads: 2, failingAddresses: 0, serverRenders: 0 },
      },
      lastAbort: { version: canary, automatic: true },
    });
    expect(res.json.rule).toEqual({
      minPageLoads: 10,
      errorMargin: 0.1,
      minFailingAddresses: 3,
      pageLoadsPerAddress: 3,
      minRenderFailures: 3,
    });
    await store.promote('quoting');
    expect((await store.status()).quoting).toMatchObject({ current: again, previous: expect.arrayContaining([live]) });
  });
});
