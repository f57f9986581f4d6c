import type { Page, Route } from '@playwright/test';
import { POINTER_ELEMENT_ID, type RemoteName } from '@agency/contracts';
import { expect, test, untilHydrated } from '../support/fixtures';

/**
 * For each remote: a page owned by another remote of its site, the header link into this remote, and the heading it
 * shows when well. The portal's pages are all the account remote's (decision 0077): it is opened at its sign-in page.
 */
const journeys: Record<RemoteName, { startAt: string; startHeading: RegExp; navLink: string | null; heading: RegExp }> =
  {
    marketing: {
      startAt: '/price-calculator',
      startHeading: /Instant Price Calculator/,
      navLink: 'About Us',
      heading: /We Help Good Local Businesses Get Seen/,
    },
    quoting: {
      startAt: '/about-us',
      startHeading: /We Help Good Local Businesses Get Seen/,
      navLink: 'Price Calculator',
      heading: /Instant Price Calculator/,
    },
    account: {
      startAt: '/auth',
      startHeading: /Client Portal|Login|Sign in/i,
      navLink: null,
      heading: /Client Portal|Login|Sign in/i,
    },
  };

/**
 * Takes one remote offline: every request for its code answers 404, or is held open and never answered. Its
 * stylesheets stay: a page the server rendered for that remote links them in its head, where a stylesheet never
 * answered holds the whole page as it would any site's (the account remote's pages are all of the portal's).
 */
async function takeOffline(page: Page, remote: RemoteName, mode: '404' | 'hanging') {
  const held: Route[] = [];
  const code = (url: URL) => url.pathname.startsWith(`/mfe/${remote}/`) && !url.pathname.endsWith('.css');
  await page.route(code, (route) =>
    mode === '404' ? route.fulfill({ status: 404, body: 'Not Found' }) : void held.push(route),
  );
  return async function bringBack() {
    await page.unroute(code);
    // Requests held open stay unanswered, as a dead connection would: recovery must not depend on them.
    return held.length;
  };
}

for (const remote of ['marketing', 'quoting', 'account'] as const) {
  for (const mode of ['404', 'hanging'] as const) {
    test(`${remote} offline (${mode}): the rest of the site works, its section falls back, and it recovers on retry`, async ({
      page,
      suite,
    }) => {
      // A hanging remote is given up on after the shell's 15 s load timeout.
      test.setTimeout(90_000);
      const journey = journeys[remote];
      const bringBack = await takeOffline(page, remote, mode);

      if (journey.navLink) {
        await page.goto(journey.startAt);
        await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(journey.startHeading);
        // The journey is a client-side navigation: before the code has taken the page over, the link would load
        // the next page from the server instead.
        await untilHydrated(page);
        await page.getByRole('banner').getByRole('link', { name: journey.navLink, exact: true }).click();
      } else {
        // The server's page shows until the remote's code would take it over. The page's own remote is held, so
        // its script keeps the load event from firing: the page is there once its HTML is.
        await page.goto(suite.portalUrl + journey.startAt, { waitUntil: 'domcontentloaded' });
      }
      const fallback = page.getByTestId('remote-fallback');
      await expect(fallback).toBeVisible({ timeout: 60_000 }); // the shell's 15 s, on a busy host
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();

      const held = await bringBack();
      if (mode === 'hanging') expect(held).toBeGreaterThan(0);
      await fallback.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(journey.heading);
      await expect(fallback).toHaveCount(0);
    });
  }
}

test.describe('one remote down never takes the site down', () => {
  test('with quoting unreachable, other routes, header and footer work and the section shows its fallback', async ({
    page,
  }) => {
    await page.route('**/mfe/quoting/**', (route) => route.abort('connectionrefused'));

    await page.goto('/custom-quote');
    const fallback = page.getByTestId('remote-fallback');
    await expect(fallback).toBeVisible();
    await expect(fallback).toContainText('quotes and calculators');
    await expect(fallback.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // Navigation to another remote still works (the sign-in page is the portal's, a page load away).
    await page.getByRole('banner').getByRole('link', { name: 'About Us' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('We Help Good Local Businesses Get Seen');
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
    // The page as a gateway that cannot read its remote store serves it: without the inlined pointer.
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          new RegExp(`<script id="${POINTER_ELEMENT_ID}"[^>]*>.*?</script>`),
          '',
        );
        await route.fulfill({ response, body });
      },
    );
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
  });
});
