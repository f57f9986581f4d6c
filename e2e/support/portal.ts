import { expect, type Page } from '@playwright/test';
import { appKeys, nextCode } from './totp';

/**
 * Submits the login form; what follows (dashboard, or a refusal toast) is the caller's to check. For tests of
 * signing in, and of accounts other than the demo ones (a demo account's test opens the dashboard already signed
 * in: the `dashboardAs` fixture). The public site's /auth sends the browser to the portal's (decision 0077), where
 * the form is. `site` is the public origin of a test's own gateway (the suite's by default).
 */
export async function login(page: Page, username: string, password: string, site = '') {
  await page.goto(`${site}/auth`);
  await expect(page).toHaveURL(/^http:\/\/portal\.localhost:\d+\/auth$/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * The second step of a staff sign-in through the form (decision 0061): sets up the authenticator app when the
 * account has none (reading its key off the page, and remembering it for the next sign-in), or enters the next
 * code of the app it has.
 */
export async function secondStep(page: Page, username: string) {
  const enrol = page.getByRole('heading', { name: 'Set up your authenticator app' });
  const verify = page.getByRole('heading', { name: 'Confirm it is you' });
  await expect(enrol.or(verify)).toBeVisible();
  if (await enrol.isVisible()) {
    const key = (await page.getByLabel('Authenticator app key').textContent())!.replace(/\s+/g, '');
    appKeys.set(username, key);
    await page.getByLabel('Code from your app').fill(await nextCode(key));
    await page.getByRole('button', { name: 'Confirm app' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    return;
  }
  const key = appKeys.get(username);
  if (!key) throw new Error(`no authenticator-app key known for ${username}`);
  await page.getByLabel('Authentication code').fill(await nextCode(key));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Signs in through the form, a staff account's second step included, and lands on the dashboard. */
export async function signIn(page: Page, username: string, password: string, { staff = false } = {}) {
  await login(page, username, password);
  if (staff) await secondStep(page, username);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Opens a client in the dashboard's Clients tab. Picked in the Clients list itself: with a client's Google section
 * open, other buttons carry the client's name too ("Disconnect Google for demo-client").
 */
export async function openClient(page: Page, name: string) {
  await page.getByRole('tab', { name: 'Clients' }).click();
  await page
    .getByRole('navigation', { name: 'Clients' })
    .getByRole('button', { name: new RegExp(name) })
    .click();
}
