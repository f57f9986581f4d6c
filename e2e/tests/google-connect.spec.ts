import { expect, test, toast } from '../support/fixtures';
import { openClient } from '../support/portal';

// Decision 0093: a staff member connects a client's Google data through the OAuth round trip, against the worker's
// stand-in for Google (support/suite-gateway.ts), and the grant is revoked when they disconnect.
test.describe('connecting a client to Google', () => {
  test.beforeEach(async ({ page, dashboardAs }) => {
    // Two full loads of the dashboard (Google's return, a reload) besides the first: minutes on a busy two-core machine.
    test.slow();
    await dashboardAs('demo-admin');
    await openClient(page, 'demo-client');
  });

  test('an admin connects Google, chooses a property and a site, and disconnects', async ({
    page,
    suite,
    consoleErrors,
  }) => {
    const section = page.getByRole('region', { name: 'Google data' });
    await expect(section.getByText('Not connected.')).toBeVisible();
    await section.getByRole('button', { name: 'Connect Google' }).click();

    // Google's consent page (the stand-in's), then back to the dashboard with the code.
    await expect(page).toHaveTitle('Sign in - Google Accounts');
    expect(new URL(page.url()).origin).toBe(suite.google.url);
    await page.getByRole('link', { name: 'Allow' }).click();
    await expect(toast(page, 'Google connected for demo-client.')).toBeVisible({ timeout: 60_000 });
    // The code is gone from the address; the Clients tab is open on the client.
    await expect(page).toHaveURL(/\/dashboard\?tab=clients&client=\d+$/);
    const grant = suite.google.grants.at(-1)!;
    expect(grant.revoked).toBe(false);

    await expect(section.getByText(/^Connected by demo-admin on /)).toBeVisible();
    await section.getByLabel('GA4 property').selectOption('properties/312000222');
    await section.getByLabel('Search Console site').selectOption('sc-domain:client.example.nz');
    await section.getByRole('button', { name: 'Save sources' }).click();
    await expect(toast(page, "demo-client's Google data sources")).toBeVisible();
    await expect(
      section.getByText('GA4: Client shop (GA4). Search Console: sc-domain:client.example.nz.'),
    ).toBeVisible();

    const [row] = await suite.query<{ ga4Property: string; searchConsoleSite: string; refreshToken: string }>(
      "SELECT g.ga4Property, g.searchConsoleSite, g.refreshToken FROM google_connections g JOIN users u ON u.id = g.clientId WHERE u.username = 'demo-client'",
    );
    expect(row).toMatchObject({
      ga4Property: 'properties/312000222',
      searchConsoleSite: 'sc-domain:client.example.nz',
    });
    expect(row!.refreshToken).not.toContain(grant.refreshToken);

    // Reload: the page still shows the same client, and the connection.
    await page.reload();
    await expect(section.getByText(/^Connected by demo-admin on /)).toBeVisible({ timeout: 60_000 });

    await section.getByRole('button', { name: /^Disconnect/ }).click();
    await section.getByRole('button', { name: /^Confirm disconnect/ }).click();
    await expect(toast(page, 'Google disconnected for demo-client.')).toBeVisible();
    await expect(section.getByText('Not connected.')).toBeVisible();
    expect(grant.revoked).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test('cancelling on the consent page says nothing was connected', async ({ page, suite }) => {
    const section = page.getByRole('region', { name: 'Google data' });
    const grants = suite.google.grants.length;
    await section.getByRole('button', { name: /^Connect Google/ }).click();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(toast(page, 'Google access was not granted for demo-client: nothing was connected.')).toBeVisible({
      timeout: 60_000,
    });
    await expect(page).toHaveURL(/\/dashboard\?tab=clients&client=\d+$/);
    expect(suite.google.grants.length).toBe(grants);
  });
});
