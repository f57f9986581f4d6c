import type { CDPSession, Page } from '@playwright/test';
import { startGateway, type RunningGateway } from '@agency/gateway/testing';
import { expect, test, toast } from '../support/fixtures';
import { login, signIn } from '../support/portal';
import { nextCode } from '../support/totp';

/**
 * People always have a way back in (decision 0083), clicked through in Chromium: a client's passkey is another way in
 * unless they chose a second step with recovery codes saved; an authenticator set-up survives a reload; a master admin
 * is asked before resetting someone's second factors, and the client then signs in with the password alone.
 */
const PASSWORD = 'Kahikatea#2025';
// Each test signs in two or three people, each through argon2 and a page load: more than one ordinary test's minute on
// a busy host.
test.slow();

async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

test.describe('a client with a passkey', () => {
  let gateway: RunningGateway;
  test.beforeAll(async () => {
    // A hang guard, as for the suite's own gateway: publishing and starting take minutes on a busy two-core machine.
    test.setTimeout(300_000);
    // WebAuthn's relying party is the site's host name, and an IP address cannot be one.
    gateway = await startGateway({}, { hostname: 'localhost' });
  });
  test.afterAll(async () => {
    await gateway?.stop();
  });

  test('signs in elsewhere with the password; with a second step chosen, a recovery code gets them through', async ({
    page,
    browser,
  }) => {
    await virtualAuthenticator(page);
    const username = `phoneonly${Date.now()}`;
    await page.goto(`${gateway.url}/auth`);
    const registered = await page.request.post(`${gateway.portalUrl}/api/register`, {
      data: { username, email: `${username}@example.nz`, password: PASSWORD },
      headers: { origin: gateway.portalUrl },
    });
    expect(registered.status()).toBe(201);
    await page.goto(`${gateway.portalUrl}/dashboard`);
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByLabel('Passkey name').fill('Phone');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(toast(page, 'Passkey added')).toBeVisible();

    // A computer without the phone: the password alone signs in, as before the passkey.
    const desk = await browser.newContext();
    const deskPage = await desk.newPage();
    await deskPage.goto(`${gateway.url}/auth`);
    await deskPage.getByLabel('Username').fill(username);
    await deskPage.getByLabel('Password').fill(PASSWORD);
    await deskPage.getByRole('button', { name: 'Login' }).click();
    await expect(deskPage).toHaveURL(/\/dashboard$/);
    await desk.close();

    // The second step, chosen: recovery codes first, turned on once they are saved.
    const section = page.getByRole('region', { name: 'Second step at sign-in' });
    await section.getByRole('button', { name: 'Set up a second step' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.first().textContent())!.trim();
    const turnOn = section.getByRole('button', { name: 'Turn the second step on' });
    await expect(turnOn).toBeDisabled();
    await section.getByLabel('I have saved these recovery codes somewhere safe').check();
    await turnOn.click();
    await expect(toast(page, 'Second step on')).toBeVisible();
    await expect(section).toContainText('Your sign-in asks for a passkey or a code after your password.');

    // Now the password alone is not enough elsewhere; without the phone, a recovery code is the way through.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(`${gateway.url}/auth`);
    await otherPage.getByLabel('Username').fill(username);
    await otherPage.getByLabel('Password').fill(PASSWORD);
    await otherPage.getByRole('button', { name: 'Login' }).click();
    await expect(otherPage.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
    await otherPage.getByLabel('Recovery code').fill(recovery);
    await otherPage.getByRole('button', { name: 'Verify' }).click();
    await expect(otherPage).toHaveURL(/\/dashboard$/);
    await other.close();
  });
});

test('an authenticator set-up survives a reload: the key already scanned still confirms', async ({ page, suite }) => {
  const master = `reloading${Date.now()}`;
  await suite.cli('create-admin', {
    ADMIN_USERNAME: master,
    ADMIN_EMAIL: `${master}@example.nz`,
    ADMIN_PASSWORD: 'Master#Pass2026',
  });
  await login(page, master, 'Master#Pass2026');
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  // Scanned into the app: the app now holds this key.
  const scanned = (await page.getByLabel('Authenticator app key').textContent())!.replace(/\s+/g, '');

  await page.reload();
  // The sign-in carries on where it was, with the same key.
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await expect(page.getByLabel('Authenticator app key')).toHaveText(scanned.match(/.{1,4}/g)!.join(' '));
  await page.getByLabel('Code from your app').fill(await nextCode(scanned));
  await page.getByRole('button', { name: 'Confirm app' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a master admin is asked before resetting a client's second factors; the client gets back in with the password", async ({
  page,
  browser,
  request,
  suite,
}) => {
  const master = `resetter${Date.now()}`;
  const client = `lostphone${Date.now()}`;
  await suite.cli('create-admin', {
    ADMIN_USERNAME: master,
    ADMIN_EMAIL: `${master}@example.nz`,
    ADMIN_PASSWORD: 'Master#Pass2026',
  });
  // Registered elsewhere (a registration signs its browser in): their own browser has not signed in yet.
  expect(
    (
      await request.post(`${suite.portalUrl}/api/register`, {
        data: { username: client, email: `${client}@example.nz`, password: PASSWORD },
      })
    ).status(),
  ).toBe(201);
  const theirs = await browser.newContext({ baseURL: suite.url });
  const them = await theirs.newPage();
  // Their phone's passkey, and the second step they chose; then the phone and the codes were lost.
  const [row] = await suite.query<{ id: number }>('SELECT id FROM users WHERE username = ?', [client]);
  await suite.query(
    `INSERT INTO passkeys (id, userId, name, publicKey, counter, transports) VALUES (?, ?, 'Lost phone', 'x', 0, '[]')`,
    [`lost-${client}`, row!.id],
  );
  await suite.query('UPDATE users SET secondStepAt = ? WHERE id = ?', [Date.now(), row!.id]);
  await login(them, client, PASSWORD);
  await expect(them.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();

  await signIn(page, master, 'Master#Pass2026', { staff: true });
  await page.getByRole('tab', { name: 'Users' }).click();
  const reset = page.getByRole('button', { name: `Reset second factor of ${client}` });
  await reset.click();
  const ask = page.getByRole('alertdialog', { name: `Reset ${client}'s second factors?` });
  await expect(ask).toContainText('Their authenticator app, recovery codes and passkeys are removed');
  await expect(ask).toContainText('Their password alone signs them in until they add a passkey again.');
  await expect(ask).toContainText(`${client} is told by e-mail, and the reset is kept in the audit log.`);
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  expect(await suite.query('SELECT name FROM passkeys WHERE userId = ?', [row!.id])).toEqual([{ name: 'Lost phone' }]);

  await reset.click();
  await ask.getByRole('button', { name: 'Reset second factors' }).click();
  await expect(toast(page, `${client} is signed out and signs in with their password alone now.`)).toBeVisible();
  expect(await suite.query('SELECT name FROM passkeys WHERE userId = ?', [row!.id])).toEqual([]);
  expect(
    await suite.query("SELECT actor FROM security_audit WHERE action = 'reset-second-factor' AND subjectId = ?", [
      row!.id,
    ]),
  ).toEqual([{ actor: `${master}@example.nz` }]);

  await login(them, client, PASSWORD);
  await expect(them).toHaveURL(/\/dashboard$/);
  await theirs.close();
});
