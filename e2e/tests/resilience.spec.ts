import { expect, test } from '../support/fixtures';

test.describe('one remote down never takes the site down', () => {
  test('with quoting unreachable, other routes, header and footer work and the section shows its fallback', async ({ page }) => {
    await page.route('**/mfe/quoting/**', (route) => route.abort('connectionrefused'));

    await page.goto('/custom-quote');
    const fallback = page.getByTestId('remote-fallback');
    await expect(fallback).toBeVisible();
    await expect(fallback).toContainText('quotes and calculators');
    await expect(fallback.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // Client-side navigation to another remote still works.
    await page.getByRole('banner').getByRole('link', { name: 'Client Login' }).click();
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Stop Losing Clients');
  });

  test('the section recovers on retry once the remote is reachable again', async ({ page }) => {
    await page.route('**/mfe/quoting/**', (route) => route.abort('connectionrefused'));
    await page.goto('/custom-quote');
    await expect(page.getByTestId('remote-fallback')).toBeVisible();

    await page.unroute('**/mfe/quoting/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'No Quote Data Found' })).toBeVisible();
  });

  test('with the pointer document unavailable the shell still renders its own parts', async ({ page }) => {
    await page.route('**/mfe/pointer.json', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
  });
});
