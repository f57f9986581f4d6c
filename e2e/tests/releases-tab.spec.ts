import { execFile } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gatewayCli, startGateway, type RunningGateway } from '@agency/gateway/testing';
import { secondStep } from '../support/portal';
import { repoRoot } from '../support/paths';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Builds are published with the operator's --skip-checks: the pre-flight checks are not what these tests are about
// (gateway/src/areas/releases/browser-checks.test.ts and deploy-tokens.test.ts are), and some builds here are broken on purpose.
// Decision 0059: the Releases tab shows each remote's history, newest first, and its buttons promote,
// abort with a reason and change a canary's share, as the gateway then serves.

const run = promisify(execFile);
const PASSWORD = 'Kahikatea#2025';

/** The quoting build with one more file: a new version whose pages are today's. */
async function quotingBuild(label: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `agency-quoting-${label}-`));
  await cp(path.join(repoRoot, 'mfe-quoting/dist'), dir, { recursive: true });
  await writeFile(path.join(dir, `${label}.txt`), label);
  return dir;
}

const versionIn = (said: string) => /canary (\S+) now serves/.exec(said)![1]!;

test.describe('the Releases tab', () => {
  let gateway: RunningGateway;
  const builds: string[] = [];

  test.beforeAll(async () => {
    // A hang guard: a gateway of its own (publish, migrations, render processes) takes minutes to start on
    // a busy two-core machine.
    test.setTimeout(300_000);
    gateway = await startGateway();
    await run(process.execPath, [gatewayCli('create-admin')], {
      env: { ...gateway.env, ADMIN_USERNAME: 'hine', ADMIN_EMAIL: 'hine@example.nz', ADMIN_PASSWORD: PASSWORD },
    });
    for (const label of ['first', 'second']) builds.push(await quotingBuild(label));
  });
  test.afterAll(async () => {
    await gateway?.stop();
    for (const dir of builds) await rm(dir, { recursive: true, force: true });
  });

  const state = async () =>
    JSON.parse(await gateway.remotes('status', '--json')) as {
      remotes: {
        name: string;
        live: { version: string } | null;
        canary: { version: string; percent: number } | null;
      }[];
    };
  /** Signs hine in on this test's own gateway (the suite's is the fixtures' base URL) and opens the Releases tab. */
  async function openReleases(page: Page) {
    await page.goto(`${gateway.url}/auth`);
    await page.getByLabel('Username').fill('hine');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    // Staff finish with their second factor (decision 0061): the app is set up at the first sign-in.
    await secondStep(page, 'hine');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('tab', { name: 'Releases' }).click();
  }

  const quoting = async () => (await state()).remotes.find((r) => r.name === 'quoting')!;

  test('shows the history, and its buttons change the share, abort with a reason and promote', async ({ page }) => {
    test.setTimeout(120_000);
    const first = versionIn(await gateway.remotes('publish', 'quoting', builds[0]!, '--canary', '10', '--skip-checks'));
    const live = (await quoting()).live!.version;

    await openReleases(page);
    const card = page.getByRole('region', { name: 'quoting', exact: true });
    const history = card.getByRole('region', { name: 'quoting release history' });
    await expect(history.getByRole('listitem').first()).toContainText(`Canary started${first}`);
    await expect(history.getByRole('listitem').first()).toContainText('by the command line');
    await expect(history.getByRole('listitem').first()).toContainText('10% of visitors');
    await expect(card.getByRole('group', { name: 'Progress toward the automatic abort' })).toBeVisible();
    // The tab with a canary's controls, progress and history is as readable as the rest of the dashboard.
    const axe = await new AxeBuilder({ page })
      .include('[role="tabpanel"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );

    // The share: typed and applied, then served.
    await card.getByLabel('Share of visitors (%)').fill('35');
    await card.getByRole('button', { name: 'Change share' }).click();
    await expect(page.getByText('The quoting canary now serves 35% of visitors.').first()).toBeVisible();
    expect((await quoting()).canary).toMatchObject({ version: first, percent: 35 });
    await expect(history.getByRole('listitem').first()).toContainText('Canary share changed');
    await expect(history.getByRole('listitem').first()).toContainText('by hine@example.nz');

    // Abort needs a reason; it is recorded and shown.
    const abort = card.getByRole('button', { name: 'Abort canary' });
    await expect(abort).toBeDisabled();
    await card.getByLabel('Reason for aborting').fill('Quote totals look wrong on phones');
    await abort.click();
    await expect(page.getByText('Everyone gets the live version of quoting again.').first()).toBeVisible();
    expect((await quoting()).canary).toBeNull();
    await expect(history.getByRole('listitem').first()).toContainText('Canary aborted');
    await expect(history.getByRole('listitem').first()).toContainText('Reason: Quote totals look wrong on phones');
    await expect(card.getByRole('note')).toContainText('Reason: Quote totals look wrong on phones');

    // A new canary from the command line; Promote (confirmed) makes it live for everyone.
    const second = versionIn(
      await gateway.remotes('publish', 'quoting', builds[1]!, '--canary', '20', '--skip-checks'),
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    await card.getByRole('button', { name: 'Promote canary' }).click();
    await card.getByRole('button', { name: 'Yes, promote' }).click();
    await expect(page.getByText(`quoting ${second} is now live for everyone.`).first()).toBeVisible();
    expect(await quoting()).toMatchObject({ live: { version: second }, canary: null });
    await expect(history.getByRole('listitem').first()).toContainText(`Canary promoted${second}`);
    await expect(history.getByRole('listitem').first()).toContainText(`replacing ${live}`);
    // The pointer pages carry follows on the next request.
    const pointer = (await (await page.request.get(`${gateway.url}/mfe/pointer.json`)).json()) as {
      remotes: { quoting: { version: string } };
    };
    expect(pointer.remotes.quoting.version).toBe(second);
  });

  test('makes a deploy token, shows it once, and revokes it', async ({ page }) => {
    await openReleases(page);
    const tokens = page.getByRole('region', { name: 'Deploy tokens' });
    await tokens.getByLabel('Remote').selectOption('quoting');
    await tokens.getByLabel('Label').fill('Quoting team CI');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const shown = tokens.getByRole('status').getByLabel('New deploy token');
    await expect(shown).toHaveText(/^agd_quoting_[\w-]{43}$/);
    const token = (await shown.textContent())!;
    expect(
      (
        await page.request.get(`${gateway.url}/api/releases/quoting`, { headers: { authorization: `Bearer ${token}` } })
      ).status(),
    ).toBe(200);

    const revoke = tokens.getByRole('listitem').filter({ hasText: 'Quoting team CI' }).getByRole('button', {
      name: 'Revoke',
    });
    // Asked first, saying what will happen; cancelled, the token still works.
    await revoke.click();
    const ask = page.getByRole('alertdialog', { name: 'Revoke “Quoting team CI”?' });
    await expect(ask).toContainText('can no longer release quoting: its next request is refused');
    await expect(ask).toContainText('This cannot be undone');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    expect(
      (
        await page.request.get(`${gateway.url}/api/releases/quoting`, { headers: { authorization: `Bearer ${token}` } })
      ).status(),
    ).toBe(200);
    await revoke.click();
    await ask.getByRole('button', { name: 'Revoke token' }).click();
    await expect(tokens.getByText(/Quoting team CI for quoting, made by hine@example\.nz\. Revoked/)).toBeVisible();
    expect(
      (
        await page.request.get(`${gateway.url}/api/releases/quoting`, { headers: { authorization: `Bearer ${token}` } })
      ).status(),
    ).toBe(401);
  });
});
