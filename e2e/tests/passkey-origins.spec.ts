import { startGateway, type RunningGateway } from '@agency/gateway/testing';
import { expect, test } from '../support/fixtures';
import { DEMO_PASSWORD, seedDemo } from '../support/suite-gateway';

/**
 * WebAuthn takes the page's host name as the relying party's id, and an IP address cannot be one: a portal whose
 * origin an operator set to an IP address can make and use no passkey, so none is offered, and the Security panel
 * says why. (The suite's own portal is `portal.localhost`, where passkeys work.)
 */
test.describe('passkeys at an IP address', () => {
  let gateway: RunningGateway;
  test.beforeAll(async () => {
    // A hang guard: a gateway of its own takes minutes to start on a busy two-core machine.
    test.setTimeout(300_000);
    gateway = await startGateway({}, { hostname: 'localhost', portalHostname: '127.0.0.1' });
    await seedDemo(gateway);
  });
  test.afterAll(async () => {
    await gateway?.stop();
  });

  test('the Security panel explains instead of offering "Add a passkey", and sign-in offers none', async ({ page }) => {
    expect(new URL(gateway.portalUrl).hostname).toBe('127.0.0.1');
    const login = await page.request.post(`${gateway.portalUrl}/api/login`, {
      data: { username: 'demo-client', password: DEMO_PASSWORD },
    });
    expect(login.ok()).toBe(true);
    await page.goto(`${gateway.portalUrl}/dashboard`);
    // A hang guard: the dashboard's remote loads slowly on a busy two-core machine.
    await page.getByRole('tab', { name: 'Security' }).click({ timeout: 60_000 });
    await expect(page.getByRole('note').filter({ hasText: 'Passkeys cannot be added here' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
    await expect(page.getByLabel('Passkey name')).toHaveCount(0);

    await page.context().clearCookies();
    await page.goto(`${gateway.portalUrl}/auth`);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
  });
});
