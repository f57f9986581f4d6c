import path from 'node:path';
import { createClient } from '@libsql/client';
import { startGateway, type RunningGateway } from '@agency/gateway/testing';
import { expect, test, toast } from '../support/fixtures';

/**
 * Past a per-address limit the forms show the server's message, which says when to come back (decision 0020).
 * A gateway of its own, whose counters for this machine's address are filled first: the suite's gateway keeps its
 * hour's allowance for the other tests.
 */
test.describe('per-address limits, as a visitor meets them', () => {
  let gateway: RunningGateway;
  test.beforeAll(async () => {
    // A hang guard: a gateway of its own (publish, migrations, render processes) takes minutes to start on
    // a busy two-core machine.
    test.setTimeout(300_000);
    gateway = await startGateway();
    const db = createClient({ url: `file:${path.join(gateway.dataDir, 'agency.db')}` });
    try {
      const resetAt = Date.now() + 45 * 60_000;
      for (const [key, count] of [
        ['lead:ip:127.0.0.1', 20],
        ['register:ip:127.0.0.1', 10],
      ] as const)
        await db.execute({
          sql: 'insert into rate_limits (key, count, resetAt) values (?, ?, ?)',
          args: [key, count, resetAt],
        });
    } finally {
      db.close();
    }
  });
  test.afterAll(async () => {
    await gateway?.stop();
  });

  test('the website quote form shows when the visitor can send again', async ({ page }) => {
    await page.goto(`${gateway.url}/website-calculator`);
    const form = page.getByRole('form', { name: 'Get this quote by email' });
    await form.getByLabel('Name').fill('Tama Busy');
    await form.getByLabel('Email *').fill('busy@example.nz');
    await form.getByLabel('Phone *').fill('021 555 0101');
    await form.getByRole('button', { name: 'Email Me This Quote' }).click();
    await expect(
      toast(page, /We have received a lot of requests from your network\. Please try again in 4[45] minutes/),
    ).toBeVisible();
  });

  test('the registration form says so too, and no account is made', async ({ page }) => {
    await page.goto(`${gateway.url}/auth`);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill('one-too-many');
    await page.getByLabel('Email').fill('one-too-many@example.nz');
    await page.getByLabel('Password').fill('Kahikatea#2025');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(
      toast(page, /Too many accounts have been created from your network\. Please try again in 4[45] minutes/),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });
});
