import type { Request } from '@playwright/test';
import { expect, test, toast, untilHydrated } from '../support/fixtures';

test.describe('the shell composes the remotes at run time', () => {
  test('the marketing home page renders through the shell', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Stop Losing Clients');
    await expect(page.getByRole('link', { name: 'Create My Online Quote' })).toHaveAttribute(
      'href',
      '/price-calculator',
    );
    const booking = page.getByRole('link', { name: 'Book My Strategy Call' });
    await expect(booking).toHaveAttribute('target', '_blank');
    await expect(booking).toHaveAttribute('rel', /noopener/);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
    expect(consoleErrors).toEqual([]);
  });

  test('the quoting custom-quote empty state renders through the shell', async ({ page, consoleErrors }) => {
    await page.goto('/custom-quote');
    await expect(page.getByRole('heading', { name: 'No Quote Data Found' })).toBeVisible();
    await expect(page.getByText('Please use the price calculator to generate a quote first.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Price Calculator' })).toHaveAttribute(
      'href',
      '/price-calculator',
    );
    expect(consoleErrors).toEqual([]);
  });

  test('a broken saved quote shows the error state', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('quoteData', '{not json'));
    await page.goto('/custom-quote');
    await expect(page.getByRole('heading', { name: 'Error Loading Quote' })).toBeVisible();
    await expect(toast(page, 'Failed to load quote data. Please try generating a new quote.')).toBeVisible();
  });

  test('the account sign-in screen renders through the shell, on client-side navigation too', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Client Login' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Password').fill('short');
    await expect(page.getByText('Password must meet all requirements:')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register' })).toBeDisabled();
    await expect(page).toHaveTitle(/Client Login/);
    expect(consoleErrors).toEqual([]);
  });

  test('an unknown path answers 404 and shows Page Not Found', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page Not Found/);
  });

  test('only one copy of React is loaded: no remote fetches its own React chunks', async ({ page, request, suite }) => {
    const requested: string[] = [];
    page.on('request', (r: Request) => requested.push(new URL(r.url()).pathname));
    await page.goto('/');
    // Live first, so the click is the shell's own navigation; and live after, so the account remote was loaded
    // (its page is rendered on the server: the tab shows before any of its code has run).
    await untilHydrated(page);
    await page.getByRole('banner').getByRole('link', { name: 'Client Login' }).click();
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    await untilHydrated(page);
    await page.goto('/custom-quote');
    await expect(page.getByRole('heading', { name: 'No Quote Data Found' })).toBeVisible();

    // Each site's pointer names its own remotes: the portal's the account remote alone (decision 0077).
    const remoteEntries = [];
    for (const origin of [suite.url, suite.portalUrl]) {
      const pointer = (await (await request.get(`${origin}/mfe/pointer.json`)).json()) as {
        remotes: Record<string, { entry: string }>;
      };
      remoteEntries.push(...Object.values(pointer.remotes).map(({ entry }) => ({ origin, entry })));
    }
    expect(remoteEntries).toHaveLength(3);
    for (const { origin, entry } of remoteEntries) {
      expect(requested).toContain(entry);
      const manifest = (await (await request.get(origin + entry)).json()) as {
        shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
      };
      const base = entry.slice(0, entry.lastIndexOf('/') + 1);
      const reactFiles = manifest.shared
        .filter(
          (s) =>
            s.name === 'react' ||
            s.name === 'react-dom' ||
            s.name.startsWith('react/') ||
            s.name.startsWith('react-dom/'),
        )
        .flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async])
        .map((file) => base + file);
      expect(reactFiles.length).toBeGreaterThan(0);
      for (const file of reactFiles) expect(requested).not.toContain(file);
    }
  });
});
