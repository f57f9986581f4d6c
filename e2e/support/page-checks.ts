import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The two widths every page is checked at (decision 0104): a laptop, and the narrowest phone we design for. */
export const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 740 }],
] as const;
export const PHONE = VIEWPORTS[1][1];

/**
 * The contact page embeds a map; the test machine has no internet, and a stand-in keeps the checks offline and about
 * our own markup (axe still checks the `<iframe>` element itself).
 */
export const standInMap = (page: Page) =>
  page.route('https://www.openstreetmap.org/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<html lang="en"><title>Map</title><p>map</p></html>',
    }),
  );

/**
 * Serious and critical WCAG 2.1 A/AA violations on the page as it is now, as short readable lines. Every rule runs
 * on the page and its same-origin frames in the page itself (axe's "legacy" mode): the default mode opens a new
 * page in the browser for every scan just to merge the frames' results, which costs more than the scan.
 */
export async function seriousViolations(page: Page) {
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

/**
 * Waits until no animation or transition that ends is still running (the hero's fade-in, a section fading in as it is
 * scrolled into view), so colour contrast is read on the colours a reader sees once the page is still, not halfway
 * through a fade. Polled, because one that ends may start another (a reveal on scroll, a staggered list).
 */
export async function animationsSettled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const running = document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity && a.playState !== 'finished');
        await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
        return running.length;
      }),
    )
    .toBe(0);
}

/** What sticks out past either edge of the viewport, as short lines (none is what the tests want). */
export const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width)
      out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth}px wide`);
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''
      } "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    // An element inside a box that scrolls or clips sideways (a wide table's own scroller) is that box's business.
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
export async function everyOpenState(page: Page, where: string) {
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

/**
 * Holds back the shell's entry (`main.js`) from now on, so nothing on the page runs until `release` is called. A page
 * whose entry is held is opened up to its DOMContentLoaded (`HELD`): the starter may add the entry before the load
 * event (on a busy machine the first paint comes first), and the load event then waits for the held script.
 */
export async function holdShellCode(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/main.*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
export const HELD = { waitUntil: 'domcontentloaded' } as const;

/**
 * Resolves once every timer of at most `ms` that the page's code has set by now has fired, and the page has painted
 * after it: a timer set later for as long fires after them (the page's timers run in order), however slow the host.
 * For checks that something delayed (a third-party script, the chatbot) did not appear, instead of a fixed sleep.
 */
export const pastPageTimers = (page: Page, ms: number) =>
  page.evaluate(
    (delay) =>
      new Promise<void>((resolve) =>
        setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), delay),
      ),
    ms,
  );
