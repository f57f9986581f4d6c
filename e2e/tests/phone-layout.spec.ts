import type { Page } from '@playwright/test';
import { routes, type RouteDef } from '@agency/contracts';
import { samplePath } from '../support/sample-paths';
import { expect, revealLeadForms, test, untilHydrated } from '../support/fixtures';

/**
 * At 375 px no element is wider than the viewport, on any route of the route table and in any
 * state a visitor can open on it (every toggle that says it is closed, every disclosure, every dashboard tab). An
 * element inside a box that scrolls or clips sideways (a wide table's own scroller) is that box's business.
 */
const PHONE = { width: 375, height: 740 };
test.use({ viewport: PHONE });

const publicRoutes = (routes as readonly RouteDef[]).filter((r) => !r.roles).map(samplePath);

/** What sticks out past either edge of the viewport, as short lines (none is what the tests want). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width)
      out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth}px wide`);
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''
      } "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const contained = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== 'visible' || style.position === 'fixed') {
          const box = p.getBoundingClientRect();
          if (box.left >= -1 && box.right <= width + 1) return true;
        }
      }
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // nothing shown (a visually hidden label)
      if (box.left >= -1 && box.right <= width + 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'contents') continue;
      if (!contained(el)) out.push(`${name(el)} spans ${Math.round(box.left)}..${Math.round(box.right)}px`);
    }
    return out.slice(0, 5);
  });

/**
 * Opens every closed toggle on the page in turn (a `aria-expanded="false"` button, a closed `<details>`), checking
 * the layout after each, and closes the ones that open something covering the page (a menu) again.
 */
async function everyOpenState(page: Page, where: string) {
  const toggles = page.locator('button[aria-expanded="false"]:visible, details:not([open]) > summary:visible');
  const seen = new Set<string>();
  for (let i = 0; i < 60; i++) {
    const count = await toggles.count();
    let opened = false;
    for (let n = 0; n < count; n++) {
      const toggle = toggles.nth(n);
      const key = `${await toggle.evaluate((el) => el.outerHTML.slice(0, 160))}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const label = (await toggle.textContent())?.trim().slice(0, 40);
      await toggle.click();
      // A toggle that loads what it opens (the discount form) has it once its chunk arrives.
      await page.waitForLoadState('networkidle').catch(() => undefined);
      expect(await overflow(page), `${where}, "${label}" opened`).toEqual([]);
      if ((await page.locator('[role="dialog"]:visible, nav[aria-label][data-open="true"]').count()) > 0)
        await page.keyboard.press('Escape');
      opened = true;
      break;
    }
    if (!opened) return;
  }
}

test.describe('phone layout at 375 px', () => {
  for (const path of publicRoutes) {
    test(`${path}: nothing wider than the screen, closed or open`, async ({ page }) => {
      await page.goto(path);
      await untilHydrated(page);
      await revealLeadForms(page).catch(() => undefined);
      expect(await overflow(page), path).toEqual([]);
      await everyOpenState(page, path);
    });
  }

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
