import { readFile } from 'node:fs/promises';
import { startGateway, type RunningGateway } from '@agency/gateway/testing';
import { expect, test, toast } from '../support/fixtures';
import { login, signIn } from '../support/portal';
import { appKeys, nextCode } from '../support/totp';

/**
 * Staff sign in with an authenticator app, everyone may use a passkey, and the Security panel shows where the account
 * is signed in (decisions 0061 and 0062). Codes are computed here from the key the page shows, as the app
 * would; the passkey is Chromium's virtual authenticator, driven over the DevTools protocol.
 */
test.describe('a staff member sets up an authenticator app and signs in with its codes', () => {
  test('enrols at the first sign-in, then needs a code (a wrong one is refused), and signs other sessions out', async ({
    page,
    browser,
    suite,
    consoleErrors,
  }) => {
    // Sign-in, set-up, a second browser, sign-out and sign-in again: page loads across two origins on a busy machine.
    test.setTimeout(180_000);
    const master = `mfa${Date.now()}`;
    const password = 'Master#Pass2026';
    await suite.cli('create-admin', {
      ADMIN_USERNAME: master,
      ADMIN_EMAIL: `${master}@example.nz`,
      ADMIN_PASSWORD: password,
    });

    await login(page, master, password);
    await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
    const qr = page.getByRole('img', { name: 'QR code of your authenticator app key' });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    const shown = (await page.getByLabel('Authenticator app key').textContent())!.trim();
    // Shown in groups of four, to be read and typed; apps take it with or without the spaces.
    expect(shown).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const key = shown.replace(/\s+/g, '');
    // Nothing of the dashboard before the app is confirmed.
    expect((await page.request.get(`${suite.portalUrl}/api/admin/users`)).status()).toBe(401);

    await page.getByLabel('Code from your app').fill('000000');
    await page.getByRole('button', { name: 'Confirm app' }).click();
    await expect(toast(page, 'Setup failed')).toBeVisible();
    await page.getByLabel('Code from your app').fill(await nextCode(key));
    await page.getByRole('button', { name: 'Confirm app' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.first().textContent())!.trim();
    const all = (await codes.allTextContents()).map((c) => c.trim());
    // The codes leave the page by the person's choice: a file, the clipboard, or a printout of them alone.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download codes' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('recovery-codes.txt');
    const file = await readFile((await download.path())!, 'utf8');
    for (const code of all) expect(file).toContain(code);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy codes' }).click();
    await expect(toast(page, 'Recovery codes copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(file);
    const [sheet] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Print codes' }).click(),
    ]);
    await expect(sheet.locator('pre')).toContainText(all.join('\n'));
    await sheet.close();
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${master}` })).toBeVisible();

    // A second browser: the password, then a code; a wrong code first, then a recovery code.
    const other = await browser.newContext({ baseURL: suite.url });
    const second = await other.newPage();
    await login(second, master, password);
    await expect(second.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
    await second.getByLabel('Authentication code').fill('123456');
    await second.getByRole('button', { name: 'Verify' }).click();
    await expect(toast(second, 'Verification failed')).toBeVisible();
    await expect(second.getByLabel('Authentication code')).toHaveAccessibleDescription(/not right/);
    await second.getByLabel('Authentication code').fill(recovery);
    await second.getByRole('button', { name: 'Verify' }).click();
    await expect(second).toHaveURL(/\/dashboard$/);

    // The first browser sees both sessions and signs the other out.
    await page.getByRole('tab', { name: 'Security' }).click();
    const sessions = page.getByRole('table', { name: 'Your sessions' });
    await expect(sessions.getByRole('row')).toHaveCount(3);
    await expect(sessions.getByText('(this browser)')).toBeVisible();
    await expect(sessions.getByText(/Chrome on Linux/).first()).toBeVisible();
    await expect(page.getByText('9 of 10 recovery codes are left.')).toBeVisible();
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(toast(page, 'Every other session is signed out.')).toBeVisible();
    await expect(sessions.getByRole('row')).toHaveCount(2);
    expect((await second.request.get(`${suite.portalUrl}/api/auth/user`)).status()).toBe(401);
    await other.close();

    // A sign-in from the first browser again: its app's next code. Logging out ends on the public site, by page loads.
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(toast(page, 'Logged out successfully')).toBeVisible({ timeout: 30_000 });
    await login(page, master, password);
    await page.getByLabel('Authentication code').fill(await nextCode(key));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(consoleErrors.filter((e) => !/401|400/.test(e))).toEqual([]);
  });
});

test.describe('step-up', () => {
  test("a master admin's role change asks for a fresh code after 15 minutes; they reset a colleague's factors", async ({
    page,
    suite,
  }) => {
    const master = `stepup${Date.now()}`;
    const colleague = `colleague${Date.now()}`;
    await suite.cli('create-admin', {
      ADMIN_USERNAME: master,
      ADMIN_EMAIL: `${master}@example.nz`,
      ADMIN_PASSWORD: 'Master#Pass2026',
    });
    await suite.cli('create-admin', {
      ADMIN_USERNAME: colleague,
      ADMIN_EMAIL: `${colleague}@example.nz`,
      ADMIN_PASSWORD: 'Master#Pass2026',
    });
    await signIn(page, master, 'Master#Pass2026', { staff: true });
    const [row] = await suite.query<{ id: number }>('SELECT id FROM users WHERE username = ?', [master]);
    // The sign-in's factor, 20 minutes ago.
    await suite.query('UPDATE sessions SET secondFactorAt = ? WHERE userId = ?', [Date.now() - 20 * 60_000, row!.id]);

    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel(`Role of ${colleague}`).selectOption('admin');
    // The role change is confirmed first (decision 0064), then the step-up asks for a fresh code.
    await page
      .getByRole('alertdialog', { name: `Change ${colleague}'s role?` })
      .getByRole('button', { name: 'Make admin' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Authentication code').fill(await nextCode(appKeys.get(master)!));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, `${colleague} is now admin`)).toBeVisible();
    await expect(page.getByLabel(`Role of ${colleague}`)).toHaveValue('admin');

    await page.getByRole('button', { name: `Reset second factor of ${colleague}` }).click();
    await page
      .getByRole('alertdialog', { name: `Reset ${colleague}'s second factors?` })
      .getByRole('button', { name: 'Reset second factors' })
      .click();
    await expect(toast(page, 'Second factor reset')).toBeVisible();
    const audit = await suite.query<{ actor: string; subject: string }>(
      "SELECT actor, subject FROM security_audit WHERE action = 'reset-second-factor' AND subject = ?",
      [`${colleague}@example.nz`],
    );
    expect(audit).toEqual([{ actor: `${master}@example.nz`, subject: `${colleague}@example.nz` }]);
  });
});

test.describe('passkeys', () => {
  let gateway: RunningGateway;
  test.beforeAll(async () => {
    // A hang guard: a gateway of its own (publish, migrations, render processes) takes minutes to start on
    // a busy two-core machine.
    test.setTimeout(300_000);
    // WebAuthn's relying party is the portal's host name (decision 0077), and the public site's is another.
    gateway = await startGateway({}, { hostname: 'localhost' });
  });
  test.afterAll(async () => {
    await gateway?.stop();
  });

  test('a client adds a passkey in the Security panel, signs in with it alone, and removes it', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    const username = `passkey${Date.now()}`;
    await page.goto(`${gateway.url}/auth`);
    await expect(page).toHaveURL(`${gateway.portalUrl}/auth`);
    const registered = await page.request.post(`${gateway.portalUrl}/api/register`, {
      data: { username, email: `${username}@example.nz`, password: 'Kahikatea#2025' },
      headers: { origin: gateway.portalUrl },
    });
    expect(registered.status()).toBe(201);
    await page.goto(`${gateway.portalUrl}/dashboard`);
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page.getByText('No passkeys yet.')).toBeVisible();
    await page.getByLabel('Passkey name').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(toast(page, 'Passkey added')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText('Test laptop')).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    expect(credentials[0]!.rpId).toBe('portal.localhost');

    // Signed out, the passkey alone signs in: no name, no password.
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    // Logout ends on the public site (decision 0078); a navigation sent before it lands would be overtaken.
    await expect(toast(page, 'Logged out successfully')).toBeVisible({ timeout: 30_000 });
    await page.goto(`${gateway.url}/auth`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${username}` })).toBeVisible();

    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page.getByText(/last used/).first()).not.toContainText('never');
    await page.getByRole('button', { name: 'Remove passkey Test laptop' }).click();
    await expect(toast(page, 'Passkey removed')).toBeVisible();
    await expect(page.getByText('No passkeys yet.')).toBeVisible();
  });
});
