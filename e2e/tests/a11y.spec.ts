import { expect, test } from '../support/fixtures';
import { seriousViolations, standInMap, VIEWPORTS } from '../support/page-checks';

// Every public page is scanned by the public-page sweep (public-pages.spec.ts, decision 0104); here, the signed-in
// dashboard, whose tabs a sweep by URL cannot reach.
for (const [label, viewport] of VIEWPORTS) {
  test.describe(`accessibility at ${label} width`, () => {
    // Every test opens its own page: they may run side by side on both workers.
    test.describe.configure({ mode: 'parallel' });
    test.use({ viewport });
    test.beforeEach(({ page }) => standInMap(page));

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
