import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startGateway, type RunningGateway } from '@agency/gateway/testing';
import { repoRoot } from '../support/paths';
import { expect, test } from '../support/fixtures';

// Builds are published with the operator's --skip-checks: the pre-flight checks are not what these tests are about
// (gateway/src/areas/releases/browser-checks.test.ts and deploy-tokens.test.ts are), and some builds here are broken on purpose.
const ORIGINAL = 'Stop Losing Clients to Competitors';
const CHANGED = 'Freshly Deployed Headline';

/** A changed marketing build: the real build output with the hero headline edited in its chunk. */
async function changedMarketingBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'agency-marketing-build-'));
  await cp(path.join(repoRoot, 'mfe-marketing/dist'), dir, { recursive: true });
  let edited = 0;
  for (const file of await readdir(dir, { recursive: true })) {
    if (!file.endsWith('.js')) continue;
    const full = path.join(dir, file);
    const text = await readFile(full, 'utf8');
    if (text.includes(ORIGINAL)) {
      await writeFile(full, text.replaceAll(ORIGINAL, CHANGED));
      edited++;
    }
  }
  if (edited === 0) throw new Error('headline not found in the marketing build');
  return dir;
}

test.describe('deploying one remote while the gateway runs', () => {
  let gateway: RunningGateway;
  let build: string;
  test.beforeAll(async () => {
    // A hang guard: a gateway of its own (publish, migrations, render processes) takes minutes to start on
    // a busy two-core machine.
    test.setTimeout(300_000);
    gateway = await startGateway();
    build = await changedMarketingBuild();
  });
  test.afterAll(async () => {
    await gateway?.stop();
    await rm(build, { recursive: true, force: true });
  });

  test('a new version shows after reload, and rollback restores the previous one', async ({ page, request }) => {
    const pointerVersion = async () =>
      (
        (await (await request.get(`${gateway.url}/mfe/pointer.json`)).json()) as {
          remotes: { marketing: { version: string } };
        }
      ).remotes.marketing.version;

    await page.goto(gateway.url);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(ORIGINAL);
    const before = await pointerVersion();

    const pointerResponse = await request.get(`${gateway.url}/mfe/pointer.json`);
    expect(pointerResponse.headers()['cache-control']).toBe('no-store');

    await gateway.remotes('publish', 'marketing', build, '--skip-checks');
    const after = await pointerVersion();
    expect(after).not.toBe(before);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(CHANGED);

    await gateway.remotes('rollback', 'marketing');
    expect(await pointerVersion()).toBe(before);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(ORIGINAL);
  });

  test('an edge cache revalidating the page sees a deploy and a rollback at once (decision 0023)', async ({
    request,
  }) => {
    const home = () => request.get(`${gateway.url}/`, { headers: { 'accept-encoding': 'br' } });
    const revalidate = (etag: string) =>
      request.get(`${gateway.url}/`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });

    const first = await home();
    const etag = first.headers()['etag']!;
    expect(first.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    expect(first.headers()['vary']).toBe('Accept-Encoding');
    expect((await revalidate(etag)).status()).toBe(304);

    await gateway.remotes('publish', 'marketing', build, '--skip-checks');
    const live = (await (await request.get(`${gateway.url}/mfe/pointer.json`)).json()) as {
      remotes: { marketing: { version: string } };
    };
    const changed = await revalidate(etag);
    expect(changed.status()).toBe(200);
    expect(await changed.text()).toContain(`/mfe/marketing/${live.remotes.marketing.version}/`);
    expect(changed.headers()['etag']).not.toBe(etag);

    await gateway.remotes('rollback', 'marketing');
    expect((await revalidate(etag)).status()).toBe(304);
  });
});
