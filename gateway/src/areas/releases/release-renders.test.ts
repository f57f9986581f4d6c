import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inCanary, type RemotePointer } from '@agency/contracts';
import { releaseReport } from './report';
import { remoteStore, setupApp } from '../../../test/helpers';
import { publishWithServerBuild, withShellServer } from '../../../test/server-builds';

/** A remote server build whose every page throws: a canary broken on the server as well as in browsers. */
const CRASHING = `exports.pages = () => { throw new Error('canary bug'); };`;
const PAGES = ['/', '/about-us', '/how-we-work'];
/** The server renderer tries a failed page again after 10 s (server-render.ts). */
const FIRST_RETRY_MS = 10_000;

let t: Awaited<ReturnType<typeof setupApp>>;
const inside = Array.from({ length: 100 }, (_, i) => i).find((b) => inCanary(b, 'marketing', 50))!;
const asVisitor = { headers: { cookie: `release_bucket=${inside}` } };
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

const served = async () =>
  ((await (await t.app.request('/mfe/pointer.json', asVisitor)).json()) as RemotePointer).remotes.marketing?.version;
const canaryFigures = async () =>
  (await releaseReport(t.db, remoteStore(t), {}, t.env.canaryRule)).remotes.find((r) => r.name === 'marketing')!.canary
    ?.figures;

beforeAll(async () => {
  t = await setupApp();
  await withShellServer(t);
});
afterAll(() => t.cleanup());

describe('what the gateway observes itself', () => {
  it('aborts a canary whose server renders fail again on retry, with no beacon at all', async () => {
    const live = await publishWithServerBuild(t, 'live');
    for (const path of PAGES) await t.app.request(path); // the live pages, rendered and kept
    const canary = await publishWithServerBuild(t, 'crash', CRASHING, { canary: 50 });

    // A first failure may be the moment's (a cold start, a busy machine): not counted, the canary runs on.
    for (const path of PAGES) expect((await t.app.request(path, asVisitor)).status).toBe(200);
    await wait(2_300);
    expect(await served()).toBe(canary);
    expect(await canaryFigures()).toMatchObject({ serverRenders: 0, serverRenderFailures: 0, pageLoads: 0 });

    // Each page's retry fails as well: that is the version. A page is tried again only once its backoff has passed
    // since its own failure, which on a busy machine may be later than the wait: the pages are asked again until the
    // canary is aborted (a hang guard, not a speed target, bounds it).
    await wait(FIRST_RETRY_MS - 2_300 + 200);
    const deadline = Date.now() + 60_000;
    do {
      for (const path of PAGES) expect((await t.app.request(path, asVisitor)).status).toBe(200);
      if ((await served()) === live) break;
      await wait(500);
    } while (Date.now() < deadline);
    expect(await served()).toBe(live);
    const { lastAbort } = (await remoteStore(t).status()).marketing!;
    expect(lastAbort).toMatchObject({ version: canary, automatic: true });
    expect(lastAbort!.reason).toBe(
      '3 of its 3 server renders failed again on retry (100.0%) against 0.0% for the live version ' +
        '(0 server renders); the margin is 2.0 points',
    );
  }, 120_000);
});
