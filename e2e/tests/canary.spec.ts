import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { inCanary, RELEASE_BUCKET_COOKIE } from '@agency/contracts';
import { startGateway, type RunningGateway } from '@agency/gateway/testing';
import { repoRoot } from '../support/paths';
import { expect, test, untilHydrated } from '../support/fixtures';

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

const BUCKETS = Array.from({ length: 100 }, (_, i) => i);
const bucketIn = (percent: number) => BUCKETS.find((b) => inCanary(b, 'quoting', percent))!;
const bucketOut = (percent: number) => BUCKETS.find((b) => !inCanary(b, 'quoting', percent))!;

/** A visitor whose browser already holds a release bucket (as one given out on an earlier visit). */
async function visitor(browser: Browser, gateway: RunningGateway, bucket: number) {
  const context = await browser.newContext({ baseURL: gateway.url });
  await context.addCookies([{ name: RELEASE_BUCKET_COOKIE, value: String(bucket), url: gateway.url }]);
  return { page: await context.newPage(), close: () => context.close() };
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const versionIn = (output: string) => /canary (\S+) now serves/.exec(output)![1]!;

test.describe('releasing a remote to a share of visitors first', () => {
  let gateway: RunningGateway;
  let builds: string[] = [];
  test.beforeAll(async () => {
    // A small rule, so a handful of page loads decides the automatic abort.
    gateway = await startGateway({ CANARY_MIN_PAGE_LOADS: '3', CANARY_ERROR_MARGIN: '0.5' });
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
    const status = async () => gateway.remotes('status', '--json');
    const live = (
      JSON.parse(await status()) as { remotes: { name: string; live: { version: string } }[] }
    ).remotes.find((r) => r.name === 'quoting')!.live.version;
    const canary = versionIn(await gateway.remotes('publish', 'quoting', builds[0]!, '--canary', '50'));
    const a = await visitor(browser, gateway, bucketIn(50));
    const b = await visitor(browser, gateway, bucketOut(50));
    try {
      for (const path of ['/price-calculator', '/website-calculator', '/price-calculator']) {
        await a.page.goto(path);
        await b.page.goto(path);
        await expect(h1(a.page)).toHaveText(/\(canary\)$/);
        await expect(h1(b.page)).not.toHaveText(/canary/);
        // The heading comes with the server's HTML; the remote's page has rendered (and counted) once hydrated.
        await untilHydrated(a.page);
        await untilHydrated(b.page);
      }
      // Server rendering used the visitor's version too: the HTML carries the canary's heading before any script.
      // (A version's first server render may finish after its first page went out rendered in the browser.)
      await expect
        .poll(async () => (await a.page.request.get('/price-calculator')).text(), { timeout: 20_000 })
        .toContain('>Instant Price Calculator (canary)</h1>');
      expect((await request.get(`${gateway.url}/price-calculator`)).headers()['set-cookie']).toMatch(
        new RegExp(`^${RELEASE_BUCKET_COOKIE}=\\d+;`),
      );

      // Leaving the page sends its measurements; /metrics has them under the right remote and version.
      await a.page.goto('about:blank');
      await b.page.goto('about:blank');
      const loads = async (version: string) => {
        const text = await (await request.get(`${gateway.url}/metrics`)).text();
        return Number(
          new RegExp(`rum_page_loads_total\\{remote="quoting",version="${version}"\\} (\\d+)`).exec(text)?.[1] ?? 0,
        );
      };
      await expect.poll(() => loads(canary)).toBe(3);
      await expect.poll(() => loads(live)).toBe(3);
      expect(await status()).toContain(`"version": "${canary}"`);

      // Promote: everyone gets it on their next page load.
      await gateway.remotes('promote', 'quoting');
      await b.page.goto('/price-calculator');
      await expect(h1(b.page)).toHaveText('Instant Price Calculator (canary)');

      // A new canary, then abort: the visitor in its share is back on the live version on the next page load.
      await gateway.remotes('publish', 'quoting', path.join(repoRoot, 'mfe-quoting/dist'), '--canary', '50');
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

  test('a canary whose page fails is aborted by the gateway once its error rate is over the margin', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const canary = versionIn(await gateway.remotes('publish', 'quoting', builds[1]!, '--canary', '50'));
    const a = await visitor(browser, gateway, bucketIn(50));
    try {
      for (let i = 0; i < 3; i++) {
        await a.page.goto('/price-calculator');
        await expect(a.page.getByTestId('remote-fallback')).toBeVisible();
        await a.page.goto('about:blank'); // sends the page load's measurements
      }
      await expect
        .poll(async () => gateway.remotes('status'), { timeout: 20_000 })
        .toMatch(
          new RegExp(
            `last abort: ${canary.replace(/\./g, '\\.')} at \\S+, automatically: error rate 100\\.0% over 3 page loads`,
          ),
        );
      await a.page.goto('/price-calculator');
      await expect(h1(a.page)).toHaveText('Instant Price Calculator (canary)'); // the live version again
    } finally {
      await a.close();
    }
  });
});
