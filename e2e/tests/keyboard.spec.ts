import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test, toast, untilHydrated } from '../support/fixtures';

/**
 * Journeys with the keyboard only: no clicks, no fill(), no selectOption(). Every step is Tab, Shift+Tab,
 * arrows, Space, Enter or typed characters, so an element that cannot be reached or operated fails the test.
 */
async function tabTo(page: Page, target: Locator, max = 80) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab did not reach ${target} in ${max} presses`);
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Arrow keys on a focused native radio or select until the wanted option is the chosen one. */
async function arrowUntil(page: Page, done: () => Promise<boolean>, key = 'ArrowDown', max = 10) {
  for (let i = 0; i < max && !(await done()); i++) await page.keyboard.press(key);
  expect(await done()).toBe(true);
}

test.describe('keyboard only', () => {
  test('from the home page through the price calculator to a submitted custom quote', async ({
    page,
    consoleErrors,
    suite,
  }) => {
    await page.goto('/');
    await untilHydrated(page); // the journey checks the focus that client-side navigation moves

    // The first Tab offers the skip link.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();

    await tabTo(page, page.getByRole('main').getByRole('link', { name: 'Create My Online Quote' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/price-calculator$/);
    await expect(page.getByRole('main')).toBeFocused();

    const local = page.getByRole('radio', { name: /Local business/ });
    await tabTo(page, page.getByRole('radio').first());
    await arrowUntil(page, () => local.isChecked(), 'ArrowRight');
    await expect(page.getByText(/Recommended for you:/)).toBeVisible();

    const seo = page.getByLabel('SEO service');
    await tabTo(page, seo);
    await arrowUntil(page, async () => (await seo.inputValue()) === 'local');

    const estimate = page.getByRole('complementary', { name: 'Your estimate' });
    const monthly = await estimate.getByTestId('monthly-incl').innerText();
    expect(monthly).toMatch(/^\$[\d,]+\.\d\d$/);
    await tabTo(page, estimate.getByRole('link', { name: 'Get Your Quote' }));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Request Your Custom Quote' })).toBeVisible();
    await expect(page.getByText(monthly).first()).toBeVisible();
    const email = `keyboard-${Date.now()}@example.nz`;
    await typeInto(page, page.getByLabel('First Name *'), 'Keri');
    await typeInto(page, page.getByLabel('Last Name *'), 'Board');
    await typeInto(page, page.getByLabel('Email Address *'), email);
    await typeInto(page, page.getByLabel('Business Name *'), 'Tab Key Joinery');
    await tabTo(page, page.getByRole('button', { name: 'Submit Quote Request' }));
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Quote Request Submitted')).toBeVisible();

    const rows = await suite.query<{ businessName: string; source: string; pricingAgreed: number }>(
      'select businessName, source, pricingAgreed from quotes where contactEmail = ?',
      [email],
    );
    expect(rows).toEqual([{ businessName: 'Tab Key Joinery', source: 'custom', pricingAgreed: 1 }]);
    expect(consoleErrors).toEqual([]);
  });

  test('signing in from the header and reaching the dashboard', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Client Login' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/auth$/);

    await typeInto(page, page.getByLabel('Username'), 'demo-client');
    await typeInto(page, page.getByLabel('Password'), DEMO_PASSWORD);
    await page.keyboard.press('Enter'); // submits the form from the password field
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();

    // The dashboard's tabs are operable with arrow keys once focused.
    await tabTo(page, page.getByRole('tab', { selected: true }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Monthly reports' })).toHaveAttribute('aria-selected', 'true');
    expect(consoleErrors).toEqual([]);
  });
});
