import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { routes, type RouteDef } from '@agency/contracts';
import { samplePath } from '../support/sample-paths';
import { expect, revealLeadForms, test } from '../support/fixtures';

const publicRoutes = (routes as readonly RouteDef[]).filter((r) => !r.roles).map(samplePath);
const viewports = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 740 }],
] as const;

/** Serious and critical WCAG 2.1 A/AA violations on the page as it is now, as short readable lines. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
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

for (const [label, viewport] of viewports) {
  test.describe(`accessibility at ${label} width`, () => {
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

    for (const route of [...publicRoutes, '/no-such-page']) {
      test(`${route} has no serious or critical axe violations`, async ({ page }) => {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await revealLeadForms(page); // so the quoting forms embedded in marketing pages are scanned too
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(300); // the hero fade-in
        expect(await seriousViolations(page)).toEqual([]);
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
