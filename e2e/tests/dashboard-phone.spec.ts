import type { Locator, Page } from '@playwright/test';
import { signIn } from '../support/portal';
import { expect, test } from '../support/fixtures';

// A master admin's dashboard on a phone (decision 0100): every tab fits the screen (a wide table scrolls in its own
// region or becomes cards), and the tab strip shows that it holds more tabs than fit and reaches them.
const PHONE = { width: 375, height: 740 };
test.use({ viewport: PHONE });

const PASSWORD = 'Master#Pass2026';

/** How far the page and the open tab panel are wider than they are shown (0 when nothing sticks out). */
const widths = (page: Page) =>
  page.evaluate(() => {
    const panel = document.querySelector<HTMLElement>('[role="tabpanel"][data-state="active"]');
    return {
      document: document.documentElement.scrollWidth,
      panel: panel ? panel.scrollWidth - panel.clientWidth : -1,
    };
  });

/** Whether a tab is shown within the strip (not scrolled out of its box). */
const shownInStrip = (tab: Locator) =>
  tab.evaluate((el) => {
    const strip = el.closest('[role="tablist"]')!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return box.left >= strip.left - 1 && box.right <= strip.right + 1;
  });

/** The lines a text takes on screen. */
const linesOf = (text: Locator) =>
  text.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

test('at 375 px no admin tab is wider than the phone, and the tab strip shows and reaches the tabs it hides', async ({
  page,
  suite,
}) => {
  test.setTimeout(180_000);
  const master = `narrow${Date.now()}`;
  const email = `${master}.reads-a-long-address@waikato-digital-example.co.nz`;
  await suite.cli('create-admin', { ADMIN_USERNAME: master, ADMIN_EMAIL: email, ADMIN_PASSWORD: PASSWORD });
  await signIn(page, master, PASSWORD, { staff: true });

  const strip = page.getByRole('tablist', { name: 'Dashboard sections' });
  const tabs = strip.getByRole('tab');
  await expect(tabs).toHaveText([
    'Leads',
    'Privacy',
    'Clients',
    'Content',
    'Blog',
    'Tracking',
    'Users',
    'Audit',
    'Releases',
    'Account',
    'Security',
  ]);
  // Eleven tabs do not fit 375 px: the strip says there are more, and its button brings them into view.
  const last = tabs.last();
  expect(await shownInStrip(last)).toBe(false);
  const more = page.getByRole('button', { name: 'Show more sections' });
  await expect(more).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show earlier sections' })).toBeHidden();
  while (!(await shownInStrip(last))) await more.click();
  await expect(more).toBeHidden();
  await expect(page.getByRole('button', { name: 'Show earlier sections' })).toBeVisible();
  await last.click();
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Where you are signed in' })).toBeVisible();

  for (const name of await tabs.allTextContents()) {
    const tab = strip.getByRole('tab', { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(await shownInStrip(tab), `${name} is scrolled into the strip`).toBe(true);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await expect(page.getByRole('tabpanel').getByText('Loading...')).toHaveCount(0);
    expect(await widths(page), `the ${name} tab at 375 px`).toEqual({ document: PHONE.width, panel: 0 });
  }

  // The Users tab shows each account as a card: the address breaks at its dots and signs, not four letters a line.
  await strip.getByRole('tab', { name: 'Users', exact: true }).click();
  const address = page.getByRole('tabpanel').getByText(email, { exact: true });
  await expect(address).toBeVisible();
  expect(await linesOf(address)).toBeLessThanOrEqual(3);
});
