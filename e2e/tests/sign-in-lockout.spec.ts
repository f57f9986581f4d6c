import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { request, type Page } from '@playwright/test';
import { gatewayCli, startGateway, type RunningGateway } from '@agency/gateway/testing';
import { expect, test, toast } from '../support/fixtures';
import { secondStep } from '../support/portal';

const run = promisify(execFile);
const USERNAME = 'aroha-owner';
const PASSWORD = 'Kahikatea#2025';

/**
 * Strangers who know the master admin's name cannot keep them out (decision 0051). A gateway of
 * its own behind a "proxy" (TRUSTED_PROXIES=127.0.0.1), so each stranger speaks from the address its
 * X-Forwarded-For names, as visitors behind a load balancer do; the browsers speak from 127.0.0.1 itself.
 */
test.describe('sign-in lockout and the device cookie', () => {
  let gateway: RunningGateway;
  test.beforeAll(async () => {
    // A hang guard: a gateway of its own (publish, migrations, render processes) takes minutes to start on
    // a busy two-core machine.
    test.setTimeout(300_000);
    gateway = await startGateway({ TRUSTED_PROXIES: '127.0.0.1' });
    await run(process.execPath, [gatewayCli('create-admin')], {
      env: {
        ...gateway.env,
        LOG_LEVEL: 'silent',
        ADMIN_USERNAME: USERNAME,
        ADMIN_EMAIL: 'aroha@example.nz',
        ADMIN_PASSWORD: PASSWORD,
      },
    });
  });
  test.afterAll(async () => {
    await gateway?.stop();
  });

  async function signInThroughTheForm(page: Page) {
    await page.goto(`${gateway.url}/auth`);
    await page.getByLabel('Username').fill(USERNAME);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
  }

  test("the owner's browser signs in while strangers have locked the account; a new browser is told to wait", async ({
    browser,
  }) => {
    const owners = await browser.newContext();
    const page = await owners.newPage();
    await signInThroughTheForm(page);
    // A master admin's first sign-in sets up the authenticator app (decision 0061).
    await secondStep(page, USERNAME);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${USERNAME}` })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    // Logout ends on the public site (decision 0078); a navigation sent before it lands would be overtaken.
    await expect(toast(page, 'Logged out successfully')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Client Login' })).toBeVisible();

    // Five wrong passwords from five addresses, then the right one from a sixth: the account is locked.
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const stranger = await request.newContext({
        baseURL: gateway.portalUrl,
        extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${i}` },
      });
      const res = await stranger.post('/api/login', {
        data: { username: USERNAME, password: i < 6 ? `Wrong#Guess${i}` : PASSWORD },
      });
      statuses.push(res.status());
      await stranger.dispose();
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    await signInThroughTheForm(page);
    await secondStep(page, USERNAME);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${USERNAME}` })).toBeVisible();
    await owners.close();

    const fresh = await browser.newContext();
    const newcomer = await fresh.newPage();
    await signInThroughTheForm(newcomer);
    await expect(toast(newcomer, 'Login failed')).toBeVisible();
    await expect(toast(newcomer, /^Too many attempts\. Try again in 1[45] minutes\.$/)).toBeVisible();
    await expect(newcomer).toHaveURL(/\/auth$/);
    await fresh.close();
  });
});
