import { expect, test } from '../support/fixtures';

/**
 * WebAuthn takes the page's host name as the relying party's id, and an IP address cannot be one: at the suite's
 * 127.0.0.1 address no passkey can be made or used, so none is offered, and the Security panel says why.
 */
test.describe('passkeys at an IP address', () => {
  test('the Security panel explains instead of offering "Add a passkey", and sign-in offers none', async ({
    page,
    suite,
  }) => {
    expect(new URL(suite.url).hostname).toBe('127.0.0.1');
    await page.context().addCookies((await suite.sessionOf('demo-client')).cookies);
    await page.goto('/dashboard');
    // A hang guard: the dashboard's remote loads slowly on a busy two-core machine.
    await page.getByRole('tab', { name: 'Security' }).click({ timeout: 60_000 });
    await expect(page.getByRole('note').filter({ hasText: 'Passkeys cannot be added here' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
    await expect(page.getByLabel('Passkey name')).toHaveCount(0);

    await page.context().clearCookies();
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
  });
});
