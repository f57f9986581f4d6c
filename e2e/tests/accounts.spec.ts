import type { Page } from '@playwright/test';
import { expect, test, toast } from '../support/fixtures';
import { login } from '../support/portal';

const PASSWORD = 'Kahikatea#2025';
const NEW_PASSWORD = 'Totara!Strong9';

/** Follows the reset link of an e-mail as its reader would, sets NEW_PASSWORD, and lands on the sign-in page. */
async function setPasswordFromMail(page: Page, text: string | undefined, portalUrl: string) {
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text ?? '')?.[0];
  // To the portal, where the reset page is (decision 0077).
  expect(link?.startsWith(`${portalUrl}/reset-password?token=`)).toBe(true);
  await page.goto(link!);
  await page.getByLabel('New password *', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

test.describe('accounts', () => {
  test('register, log out, log in, reach the dashboard, log out', async ({ page, suite, consoleErrors }) => {
    // A journey of page loads across the public site and the portal.
    test.setTimeout(240_000);
    const username = `client${Date.now()}`;
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Client Login' }).click();
    // Signing in is the portal's, on an origin of its own (decision 0077).
    await expect(page).toHaveURL(`${suite.portalUrl}/auth`);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.nz`);
    await page.getByLabel('Password').fill('weak');
    await expect(page.getByText('Password must meet all requirements:')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register' })).toBeDisabled();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${username}` })).toBeVisible();

    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Logout' }).click();
    // On the public site's home page, by a page load: the toast once its code has taken the page over.
    await expect(toast(page, 'Logged out successfully')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(`${suite.url}/`);
    await expect(header.getByRole('link', { name: 'Client Login' })).toBeVisible();

    await login(page, username, PASSWORD);
    await expect(toast(page, 'Login successful')).toBeVisible();
    await expect(toast(page, `Welcome back, ${username}!`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Admin Login' })).toHaveCount(0);

    // The session survives a reload (cookie, not memory).
    await page.reload();
    await expect(page.getByRole('heading', { name: `Welcome, ${username}` })).toBeVisible();

    // On the public site, which never reads the session, the header still shows who is signed in (decision 0078).
    await header.getByRole('link', { name: 'Be Loud Digital' }).click();
    await expect(page).toHaveURL(`${suite.url}/`);
    // Read once the page's code has taken it over (the server's page is everyone's: signed out).
    await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      `${suite.portalUrl}/dashboard`,
      { timeout: 30_000 },
    );
    await header.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: `Welcome, ${username}` })).toBeVisible();
    await header.getByRole('button', { name: 'Logout' }).click();
    await expect(toast(page, 'Logged out successfully')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(`${suite.url}/`);
    await expect(header.getByRole('link', { name: 'Client Login' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a wrong password is refused with the Login failed toast', async ({ page }) => {
    await login(page, 'nobody-at-all', 'Wrong#Pass1');
    await expect(toast(page, 'Login failed')).toBeVisible();
    await expect(toast(page, 'Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('an anonymous visitor asking for /dashboard ends on the home page', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Client Login' })).toBeVisible();
  });

  test('forgot password: the e-mailed link sets a new password that then works', async ({ page, suite }) => {
    const username = `reset${Date.now()}`;
    const email = `${username}@example.nz`;
    const res = await page.request.post(`${suite.portalUrl}/api/register`, {
      data: { username, email, password: PASSWORD },
    });
    expect(res.status()).toBe(201);
    await page.context().clearCookies();

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(
      toast(
        page,
        'If an account matches that username or e-mail address, we have e-mailed reset instructions to its address.',
      ),
    ).toBeVisible();

    const [mail] = await suite.query<{ text: string }>(
      'select text from outbox where "to" = ? order by id desc limit 1',
      [email],
    );
    await setPasswordFromMail(page, mail?.text, suite.portalUrl);

    await login(page, username, PASSWORD);
    await expect(toast(page, 'Login failed')).toBeVisible();
    await login(page, username, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('forgot password takes an e-mail address: the same answer as an unknown one, and the link arrives', async ({
    page,
    suite,
  }) => {
    const username = `byemail${Date.now()}`;
    const email = `${username}@example.nz`;
    const res = await page.request.post(`${suite.portalUrl}/api/register`, {
      data: { username, email, password: PASSWORD },
    });
    expect(res.status()).toBe(201);
    await page.context().clearCookies();
    const answer =
      'If an account matches that username or e-mail address, we have e-mailed reset instructions to its address.';

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByLabel('Username or e-mail address').fill(`nobody-${username}@example.nz`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(toast(page, answer)).toBeVisible();

    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByLabel('Username or e-mail address').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(toast(page, answer)).toBeVisible();
    await expect.poll(async () => (await suite.query('select id from outbox where "to" = ?', [email])).length).toBe(1);
    const [mail] = await suite.query<{ text: string }>('select text from outbox where "to" = ?', [email]);
    await setPasswordFromMail(page, mail?.text, suite.portalUrl);
    await login(page, username, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);

    // This browser had not signed in to the account before: its owner is told when, in New Zealand time.
    await expect
      .poll(async () => (await suite.query<{ text: string }>('select text from outbox where "to" = ?', [email])).length)
      .toBe(2);
    const [notice] = await suite.query<{ text: string }>(
      'select text from outbox where "to" = ? and subject like ? order by id desc limit 1',
      [email, 'New sign-in%'],
    );
    expect(notice?.text).toContain('(New Zealand time)');
    expect(notice?.text).not.toMatch(/\d\d:\d\d UTC/);
  });
});
