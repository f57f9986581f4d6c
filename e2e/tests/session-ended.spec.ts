import type { Page } from '@playwright/test';
import { expect, test, type SuiteGateway } from '../support/fixtures';

// A session that ends elsewhere (signed out on another device, expired, revoked) sends the person to sign-in from
// whatever they do next, and back to the same address after it (decision 0102), never to a dead end or home. The
// dashboard, sign-in and the account API are the portal's (decision 0077).
const PASSWORD = 'Kahikatea#2025';
const NOTE = 'Your session has ended. Sign in again to carry on where you were.';

/** Every session of the account ends, as "sign out everywhere" on another device does. */
const endSessionsElsewhere = (suite: SuiteGateway, username: string) =>
  suite.query('DELETE FROM sessions WHERE userId = (SELECT id FROM users WHERE username = ?)', [username]);

async function signInAgain(page: Page, username: string) {
  await expect(page.getByRole('note').filter({ hasText: NOTE })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** A new client, signed in by registering, on the dashboard's Files tab: answers the tab strip. */
async function clientOnFilesTab(page: Page, suite: SuiteGateway, username: string) {
  const made = await page.request.post(`${suite.portalUrl}/api/register`, {
    data: { username, email: `${username}@example.nz`, password: PASSWORD },
  });
  expect(made.status()).toBe(201);
  await page.goto(`${suite.portalUrl}/dashboard?tab=files`);
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
  await expect(tabs).toBeVisible({ timeout: 60_000 });
  await expect(tabs.getByRole('tab', { name: 'Files' })).toHaveAttribute('aria-selected', 'true');
  return tabs;
}

// One account for both ways a session is found gone: every registration counts against the suite's one address
// (10 an hour, platform/http/rate-limit.ts), and the suite already makes nearly that many.
test('signed out elsewhere: a click in the dashboard, or a reload after any answer that found the session gone, goes to sign-in and back to the same place; a next on another host is never followed', async ({
  page,
  suite,
}) => {
  // A hang guard: the dashboard's remote and three sign-ins take minutes on a busy two-core machine.
  test.setTimeout(240_000);
  const username = `ended${Date.now()}`;
  const tabs = await clientOnFilesTab(page, suite, username);

  // 1. A click after the session ended.
  await endSessionsElsewhere(suite, username);
  await tabs.getByRole('tab', { name: 'Monthly reports' }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard/);
  await expect(page.getByText('Not authenticated')).toHaveCount(0);
  const cameFrom = new URL(page.url()).searchParams.get('next') ?? '';
  expect(cameFrom.startsWith('/dashboard')).toBe(true);
  await signInAgain(page, username);
  await expect(page).toHaveURL((url) => url.pathname + url.search === cameFrom);
  await expect(tabs).toBeVisible();

  // 2. A reload after a request the page made in the background (nobody clicked) learned the session is gone; its
  // answer's cookies are what the browser keeps.
  await page.goto(`${suite.portalUrl}/dashboard?tab=files`);
  await expect(tabs.getByRole('tab', { name: 'Files' })).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });
  await endSessionsElsewhere(suite, username);
  expect(await page.evaluate(async () => (await fetch('/api/auth/user')).status)).toBe(401);
  await page.reload();
  await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard%3Ftab%3Dfiles$/);
  await signInAgain(page, username);
  await expect(page).toHaveURL(/\/dashboard\?tab=files$/);
  await expect(tabs.getByRole('tab', { name: 'Files' })).toHaveAttribute('aria-selected', 'true');

  // 3. A next address on another host is never followed after sign-in.
  await page.request.post(`${suite.portalUrl}/api/logout`);
  await page.context().clearCookies();
  await page.goto(`${suite.portalUrl}/auth?next=${encodeURIComponent('//evil.example/steal')}`);
  await signInAgain(page, username);
  await expect(page).toHaveURL(`${suite.portalUrl}/dashboard`);
});
