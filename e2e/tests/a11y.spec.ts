import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { routes, type RouteDef } from '@agency/contracts';
import { samplePath } from '../support/sample-paths';
import { expect, revealLeadForms, test, untilHydrated } from '../support/fixtures';

const publicRoutes = [...(routes as readonly RouteDef[]).filter((r) => !r.roles).map(samplePath), '/no-such-page'];
const viewports = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 740 }],
] as const;

/**
 * The public routes in groups of this many, each group scanned in one page load: the first route is loaded, the
 * others are reached by in-app navigation (as a visitor's link would), which shows the same page the server's
 * would once taken over, without a new browser context, page load and hydration for every route.
 */
const PER_PAGE_LOAD = 6;
const groups = Array.from({ length: Math.ceil(publicRoutes.length / PER_PAGE_LOAD) }, (_, i) =>
  publicRoutes.slice(i * PER_PAGE_LOAD, (i + 1) * PER_PAGE_LOAD),
);

/**
 * Serious and critical WCAG 2.1 A/AA violations on the page as it is now, as short readable lines. Every rule runs
 * on the page and its same-origin frames in the page itself (axe's "legacy" mode): the default mode opens a new
 * page in the browser for every scan just to merge the frames' results, which costs more than the scan. The one
 * frame of another origin, the contact page's map, is the test's own stand-in: its `<iframe>` is still checked.
 */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** Waits for every animation that ends (the hero's fade-in) to have ended, so colours are scanned as they settle. */
const animationsDone = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

/** In-app navigation to `path`, then waits until its page has replaced the one shown before. */
async function navigateInApp(page: Page, path: string) {
  const previous = await page.evaluate(() => {
    const h1 = document.querySelector('h1');
    (window as unknown as { a11yPreviousH1: Element | null }).a11yPreviousH1 = h1;
    return h1?.textContent ?? '';
  });
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  // A hang guard: the first visit to another remote's page loads its code, which on a busy machine passes 10 s.
  await expect
    .poll(
      () =>
        page.evaluate((before) => {
          const h1 = document.querySelector('h1');
          const old = (window as unknown as { a11yPreviousH1: Element | null }).a11yPreviousH1;
          return h1 !== null && (h1 !== old || h1.textContent !== before);
        }, previous),
      { timeout: 30_000 },
    )
    .toBe(true);
}

for (const [label, viewport] of viewports) {
  test.describe(`accessibility at ${label} width`, () => {
    // Every test opens its own page: they may run side by side on both workers.
    test.describe.configure({ mode: 'parallel' });
    test.use({ viewport });
    test.beforeEach(async ({ page }) => {
      // The contact page embeds a map; a stand-in keeps the scan offline and about our own markup.
      await page.route('https://www.openstreetmap.org/**', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<html lang="en"><title>Map</title><p>map</p></html>',
        }),
      );
    });

    for (const group of groups) {
      test(`${group.join(', ')}: no serious or critical axe violations`, async ({ page }) => {
        test.setTimeout(120_000);
        const found: string[] = [];
        for (const [i, route] of group.entries()) {
          if (i === 0) {
            await page.goto(route);
            await untilHydrated(page); // in-app navigation needs the page's code running
          } else await navigateInApp(page, route);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await revealLeadForms(page); // so the quoting forms embedded in marketing pages are scanned too
          await page.evaluate(() => window.scrollTo(0, 0));
          await animationsDone(page);
          found.push(...(await seriousViolations(page)).map((v) => `[${route}] ${v}`));
        }
        expect(found).toEqual([]);
      });
    }

    for (const account of ['demo-client', 'demo-admin'] as const) {
      test(`/dashboard as ${account}: every tab has no serious or critical axe violations`, async ({
        page,
        dashboardAs,
      }) => {
        await dashboardAs(account);
        const tabs = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');
        await expect(tabs.first()).toBeVisible();
        const found: string[] = [];
        for (const name of await tabs.allInnerTexts()) {
          await tabs.filter({ hasText: name }).click();
          await expect(page.getByRole('tabpanel')).toBeVisible();
          await page.waitForLoadState('networkidle');
          found.push(...(await seriousViolations(page)).map((v) => `[${name}] ${v}`));
        }
        expect(found).toEqual([]);
      });
    }
  });
}
