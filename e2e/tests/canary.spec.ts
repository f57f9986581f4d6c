import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { inCanary, RELEASE_BUCKET_COOKIE, RUM_PATH, SERVER_BUILD_FILE } from '@agency/contracts';
import { startGateway, type RunningGateway } from '@agency/gateway/testing';
import { repoRoot } from '../support/paths';
import { expect, test, untilHydrated } from '../support/fixtures';

// Builds are published with the operator's --skip-checks: the pre-flight checks are not what these tests are about
// (gateway/src/areas/releases/browser-checks.test.ts and deploy-tokens.test.ts are), and some builds here are broken on purpose.
const HEADINGS = ['Instant Price Calculator', 'What Will Your New Website Cost?'];

/** A copy of the quoting build with its page headings' text literals replaced (browser and server builds alike). */
async function quotingBuild(label: string, replace: (heading: string) => string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `agency-quoting-${label}-`));
  await cp(path.join(repoRoot, 'mfe-quoting/dist'), dir, { recursive: true });
  let edited = 0;
  for (const file of await readdir(dir, { recursive: true })) {
    if (!/\.c?js$/.test(file)) continue;
    const full = path.join(dir, file);
    let text = await readFile(full, 'utf8');
    for (const heading of HEADINGS)
      if (text.includes(`"${heading}"`)) text = text.replaceAll(`"${heading}"`, replace(heading));
    if (text !== (await readFile(full, 'utf8'))) {
      await writeFile(full, text);
      edited++;
    }
  }
  if (edited === 0) throw new Error('headings not found in the quoting build');
  return dir;
}

/** A copy of the quoting build whose server build throws as it loads: every server render fails, browsers are fine. */
async function serverCrashingBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'agency-quoting-server-crash-'));
  await cp(path.join(repoRoot, 'mfe-quoting/dist'), dir, { recursive: true });
  const server = path.join(dir, SERVER_BUILD_FILE);
  await writeFile(server, `throw new Error('canary bug');\n${await readFile(server, 'utf8')}`);
  return dir;
}

const BUCKETS = Array.from({ length: 100 }, (_, i) => i);
const bucketIn = (percent: number) => BUCKETS.find((b) => inCanary(b, 'quoting', percent))!;
const bucketOut = (percent: number) => BUCKETS.find((b) => !inCanary(b, 'quoting', percent))!;

/**
 * A visitor whose browser already holds a release bucket (as one given out on an earlier visit), speaking from its
 * own client address through the gateway's trusted proxy (each address counts at most 3 page loads an hour).
 */
async function visitor(browser: Browser, gateway: RunningGateway, bucket: number, address: string) {
  const context = await browser.newContext({ baseURL: gateway.url, extraHTTPHeaders: { 'x-forwarded-for': address } });
  await context.addCookies([{ name: RELEASE_BUCKET_COOKIE, value: String(bucket), url: gateway.url }]);
  return { page: await context.newPage(), close: () => context.close() };
}

/**
 * Loads a page and waits for its measurements to go out while it is open (the shell sends them 5 s after the first):
 * a beacon sent as a page is left outlives it, and Chromium then sends it without the context's extra headers, so
 * it would come from the proxy itself rather than from this visitor's address.
 */
async function loadAndMeasure(page: Page, path: string, shown: (page: Page) => Promise<void>) {
  // A hang guard, not a target: on a busy two-core machine the page's code alone can take most of 20 s to start.
  // By path: the beacon's address carries the page load's trace (`?traceparent=`, decision 0088).
  const measured = page.waitForResponse((r) => new URL(r.url()).pathname === RUM_PATH, { timeout: 60_000 });
  await page.goto(path);
  await shown(page);
  expect((await measured).status()).toBe(204);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const versionIn = (output: string) => /canary (\S+) now serves/.exec(output)![1]!;

/** A counter from the gateway's /metrics (0 while the series is absent). */
async function counter(request: APIRequestContext, gateway: RunningGateway, series: string): Promise<number> {
  const text = await (await request.get(`${gateway.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** The measurement token a page answer carries, as a script reads it from `Server-Timing`. */
const tokenIn = (serverTiming: string | undefined) => /(?:^|,\s*)rum;desc="([^"]+)"/.exec(serverTiming ?? '')?.[1];

test.describe('releasing a remote to a share of visitors first', () => {
  let gateway: RunningGateway;
  let builds: string[] = [];
  test.beforeAll(async () => {
    // A hang guard: a gateway of its own (publish, migrations, render processes) takes minutes to start on
    // a busy two-core machine.
    test.setTimeout(300_000);
    // Each visitor speaks from its own address through a trusted proxy; a small rule, so a handful of page loads
    // from three networks decides the automatic abort. These tests judge by browsers' measurements alone: the
    // gateway's own rule (server renders failing on retry) has its own gateway below.
    gateway = await startGateway({
      TRUSTED_PROXIES: '127.0.0.1',
      CANARY_MIN_PAGE_LOADS: '3',
      CANARY_MIN_FAILING_ADDRESSES: '3',
      CANARY_MIN_RENDER_FAILURES: '1000',
    });
    builds = [
      await quotingBuild('canary', (h) => JSON.stringify(`${h} (canary)`)),
      await quotingBuild('crash', () => '(()=>{throw new Error("canary bug")})()'),
    ];
  });
  test.afterAll(async () => {
    await gateway?.stop();
    for (const dir of builds) await rm(dir, { recursive: true, force: true });
  });

  test('visitors in different buckets get different versions, keep them across pages, and the browser reports each to /metrics; promote and abort apply on the next page load', async ({
    browser,
    request,
  }) => {
    // A hang guard: six page loads, each waiting for its measurements (sent 5 s after the first), and three CLI
    // runs take minutes on a busy two-core machine.
    test.setTimeout(240_000);
    const status = async () => gateway.remotes('status', '--json');
    const live = (
      JSON.parse(await status()) as { remotes: { name: string; live: { version: string } }[] }
    ).remotes.find((r) => r.name === 'quoting')!.live.version;
    const canary = versionIn(
      await gateway.remotes('publish', 'quoting', builds[0]!, '--canary', '50', '--skip-checks'),
    );
    const a = await visitor(browser, gateway, bucketIn(50), '10.70.0.1');
    const b = await visitor(browser, gateway, bucketOut(50), '10.70.0.2');
    try {
      // Three page loads each (the second /price-calculator is revalidated: a 304, with a token of its own).
      for (const path of ['/price-calculator', '/website-calculator', '/price-calculator']) {
        // The heading comes with the server's HTML; the remote's page has rendered (and counted) once hydrated.
        await Promise.all([
          loadAndMeasure(a.page, path, async (page) => {
            await expect(h1(page)).toHaveText(/\(canary\)$/);
            await untilHydrated(page);
          }),
          loadAndMeasure(b.page, path, async (page) => {
            await expect(h1(page)).not.toHaveText(/canary/);
            await untilHydrated(page);
          }),
        ]);
      }
      // Server rendering used the visitor's version too: the HTML carries the canary's heading before any script.
      // (A version's first server render may finish after its first page went out rendered in the browser.)
      await expect
        .poll(async () => (await a.page.request.get('/price-calculator')).text())
        .toContain('>Instant Price Calculator (canary)</h1>');
      expect((await request.get(`${gateway.url}/price-calculator`)).headers()['set-cookie']).toMatch(
        new RegExp(`^${RELEASE_BUCKET_COOKIE}=\\d+;`),
      );

      // Each page load's measurements went out with its token; /metrics has them under the right remote and version.
      const loads = (version: string) =>
        counter(request, gateway, `rum_page_loads_total{remote="quoting",version="${version}"}`);
      await expect.poll(() => loads(canary)).toBe(3);
      await expect.poll(() => loads(live)).toBe(3);
      expect(await status()).toContain(`"version": "${canary}"`);

      // Promote: everyone gets it on their next page load.
      await gateway.remotes('promote', 'quoting');
      await b.page.goto('/price-calculator');
      await expect(h1(b.page)).toHaveText('Instant Price Calculator (canary)');

      // A new canary, then abort: the visitor in its share is back on the live version on the next page load.
      await gateway.remotes(
        'publish',
        'quoting',
        path.join(repoRoot, 'mfe-quoting/dist'),
        '--canary',
        '50',
        '--skip-checks',
      );
      await a.page.goto('/price-calculator');
      await expect(h1(a.page)).toHaveText('Instant Price Calculator');
      await gateway.remotes('abort', 'quoting');
      await a.page.reload();
      await expect(h1(a.page)).toHaveText('Instant Price Calculator (canary)');
      // No canary: the pages are public again and give out no bucket.
      const after = await request.get(`${gateway.url}/`);
      expect(after.headers()['cache-control']).toContain('public');
      expect(after.headers()['set-cookie']).toBeUndefined();
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('a canary failing in real browsers is aborted once failures come from enough networks, and forged successes from 20 addresses do not keep it alive', async ({
    browser,
    playwright,
    request,
  }) => {
    test.setTimeout(240_000);
    const canary = versionIn(
      await gateway.remotes('publish', 'quoting', builds[1]!, '--canary', '50', '--skip-checks'),
    );
    const series = (name: string) => `${name}{remote="quoting",version="${canary}"}`;

    // An attacker on 20 addresses does what a browser does: fetches pages in the canary's share, takes each page
    // load's token, and reports that page load as a success - 30 times over, as much as one beacon carries.
    for (let i = 1; i <= 20; i++) {
      const attacker = await playwright.request.newContext({
        baseURL: gateway.url,
        extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${i}`, cookie: `${RELEASE_BUCKET_COOKIE}=${bucketIn(50)}` },
      });
      for (let n = 0; n < 5; n++) {
        const page = await attacker.get('/price-calculator');
        const events = Array(30).fill({ remote: 'quoting', version: canary, kind: 'load', value: 400 });
        const sent = await attacker.post(RUM_PATH, {
          data: { token: tokenIn(page.headers()['server-timing']), events },
        });
        expect(sent.status()).toBe(204);
      }
      await attacker.dispose();
    }

    // Real visitors, each from a network of its own (an IPv4 /24: decision 0076), whose page of the canary crashes in
    // the browser.
    const visitWith = async (address: string) => {
      const v = await visitor(browser, gateway, bucketIn(50), address);
      try {
        await loadAndMeasure(v.page, '/price-calculator', (page) =>
          expect(page.getByTestId('remote-fallback')).toBeVisible(),
        );
      } finally {
        await v.close();
      }
    };
    await visitWith('10.71.1.1');
    await visitWith('10.71.2.1');
    await expect.poll(() => counter(request, gateway, series('rum_errors_total'))).toBe(2);
    // The forgers' page loads count as any visitor's do, 3 per address: 60 successes against 2 failures.
    expect(await counter(request, gateway, series('rum_page_loads_total'))).toBe(62);
    // Failures from two networks are not enough to abort (three are needed here).
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await gateway.remotes('status')).toContain(`canary  ${canary}`);

    await visitWith('10.71.3.1');
    await expect
      .poll(async () => gateway.remotes('status'))
      .toMatch(
        new RegExp(
          `last abort: ${canary.replace(/\./g, '\\.')} at \\S+, automatically: error rate 4\\.8% over 63 page loads, ` +
            'with failures from 3 networks, against 0\\.0% for the live version',
        ),
      );
    const after = await visitor(browser, gateway, bucketIn(50), '10.71.4.1');
    try {
      await after.page.goto('/price-calculator');
      await expect(h1(after.page)).toHaveText('Instant Price Calculator (canary)'); // the live version again
    } finally {
      await after.close();
    }
  });
});

test.describe("what the gateway observes itself: a canary's server renders", () => {
  let gateway: RunningGateway;
  let build: string;
  test.beforeAll(async () => {
    // A hang guard: a gateway of its own (publish, migrations, render processes) takes minutes to start on
    // a busy two-core machine.
    test.setTimeout(300_000);
    gateway = await startGateway();
    build = await serverCrashingBuild();
  });
  test.afterAll(async () => {
    await gateway?.stop();
    await rm(build, { recursive: true, force: true });
  });

  test('a canary whose pages fail to render on the server, again on each retry, is aborted with no beacon at all', async ({
    request,
  }) => {
    test.setTimeout(90_000);
    // The pre-flight checks would refuse this build: the operator's break-glass publish makes it a canary anyway,
    // as a bug the checks cannot see would reach one (decision 0080).
    const canary = versionIn(await gateway.remotes('publish', 'quoting', build, '--canary', '50', '--skip-checks'));
    const headers = { cookie: `${RELEASE_BUCKET_COOKIE}=${bucketIn(50)}` };
    // Page requests in the canary's share (no browser runs them, so nothing is measured there) make the gateway
    // render the canary's pages; a failed page is rendered again after 10 s, 20 s, 40 s ... when next asked for.
    await expect
      .poll(
        async () => {
          for (const path of ['/price-calculator', '/website-calculator'])
            expect((await request.get(`${gateway.url}${path}`, { headers })).status()).toBe(200);
          return gateway.remotes('status');
        },
        { timeout: 75_000, intervals: [2_000] },
      )
      .toMatch(
        new RegExp(
          `last abort: ${canary.replace(/\./g, '\\.')} at \\S+, automatically: \\d+ of its \\d+ server renders ` +
            'failed again on retry \\(100\\.0%\\) against 0\\.0% for the live version',
        ),
      );
    expect(await counter(request, gateway, `rum_page_loads_total{remote="quoting",version="${canary}"}`)).toBe(0);
  });
});
