import { expect, test, untilHydrated } from '../support/fixtures';
import { everyOpenState, overflow, PHONE } from '../support/page-checks';

/**
 * At 375 px no element is wider than the viewport, in any state a visitor can open (every toggle that says it is
 * closed, every disclosure, every dashboard tab). The public pages are checked by the public-page sweep
 * (public-pages.spec.ts, decision 0104); here, the signed-in dashboard and the calculator's own layout promises.
 */
test.use({ viewport: PHONE });

test.describe('phone layout at 375 px', () => {
  for (const account of ['demo-client', 'demo-admin'] as const) {
    test(`/dashboard as ${account}: every tab, closed or open`, async ({ page, dashboardAs }) => {
      await dashboardAs(account);
      const tabs = page.getByRole('tab');
      for (let i = 0; i < (await tabs.count()); i++) {
        const tab = tabs.nth(i);
        const label = (await tab.textContent())?.trim() ?? `tab ${i}`;
        await tab.click();
        await page.waitForLoadState('networkidle').catch(() => undefined);
        expect(await overflow(page), `${account}, ${label}`).toEqual([]);
        await everyOpenState(page, `${account}, ${label}`);
      }
    });
  }

  test('the price calculator keeps its running total on screen, and its discount code opens within it', async ({
    page,
  }) => {
    await page.goto('/price-calculator');
    await untilHydrated(page);
    const total = page.getByTestId('running-total');
    await expect(total).toBeVisible();
    await page.getByRole('button', { name: 'Have a discount code?' }).click();
    await expect(page.getByRole('form', { name: 'Discount code' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // Choosing something far down the page: the total is still in view, and says the new price.
    const before = await total.textContent();
    const farDown = page.locator('label:has(input[type="radio"]:not(:checked))').last();
    await farDown.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await farDown.click();
    await expect(total).toBeInViewport();
    await expect(total).not.toHaveText(before ?? '');
    await total.getByRole('link', { name: 'See estimate' }).click();
    await expect(page.getByRole('complementary', { name: 'Your estimate' })).toBeInViewport();
  });
});
