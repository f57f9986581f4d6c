import { calculateQuote, DEFAULT_QUOTE_OPTIONS, routes, toSavedQuote } from '@agency/contracts';
import type { Page } from '@playwright/test';
import { expect, test, untilHydrated } from '../support/fixtures';
import { HELD, holdShellCode } from '../support/page-checks';

// The public pages (every remote has a server build; the dashboard, behind the session check, renders in the
// browser). The custom quote page renders its layout and shows the quote saved in this browser once it is live.
const rendered = routes.filter((r) => !('roles' in r));

/** Sums the layout shifts of each page opened from now on, from its first paint, as CLS counts them (none after an input). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifted: number };
    w.shifted = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.shifted += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifted: number }).shifted);
}

test.describe('public pages are rendered on the server (decision 0013)', () => {
  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });

    // Every public page's server HTML (heading, footer, head) is checked by the public-page sweep before the code
    // runs (public-pages.spec.ts, decision 0104); here, that its links work without any code at all.
    test('the rendered links work as plain links', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Services', exact: true }).click();
      await expect(page).toHaveURL(/\/services$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Services');
    });
  });

  test('the browser takes the rendered page over in place: same elements, no errors, in-app navigation', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await heading.evaluate((h1) => ((window as unknown as { renderedH1: Element }).renderedH1 = h1));
    // Hydrated: the services menu, a Radix control, answers clicks.
    const services = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' });
    await expect(async () => {
      await services.click();
      await expect(services).toHaveAttribute('aria-expanded', 'true', { timeout: 500 });
    }).toPass();
    await page.keyboard.press('Escape');
    expect(await heading.evaluate((h1) => (window as unknown as { renderedH1: Element }).renderedH1 === h1)).toBe(true);

    // The hero image finished before the code arrived; it still counts as loaded. The hero's fade-in is CSS.
    await expect(page.getByTestId('home-hero').locator('[data-status]')).toHaveAttribute('data-status', 'loaded');
    const hero = page.getByTestId('home-hero');
    await expect(hero).toHaveCSS('animation-name', 'hero-fade-in');
    await expect(hero).toHaveCSS('animation-delay', '0.1s');
    await expect(hero).toHaveCSS('opacity', '1'); // once the 100 ms delay and the fade have run

    // The rendered page's stylesheets are the ones the code would add: none is loaded and applied a second time.
    const sheets = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.href),
    );
    expect(sheets.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sheets).size).toBe(sheets.length);

    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await page.getByRole('link', { name: 'Create My Online Quote' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Instant Price Calculator');
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test('code is fetched and run only after the rendered page has painted (decision 0014)', async ({
    page,
    consoleErrors,
  }) => {
    for (const path of ['/', '/price-calculator']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The code came: the inline starter ran under the page's CSP (a refusal would also be a console error).
      await expect
        .poll(() =>
          page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('remoteEntry.js'))),
        )
        .toBe(true);
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        code: performance
          .getEntriesByType('resource')
          .filter((e) => /\.js$|mf-manifest\.json$/.test(new URL(e.name).pathname))
          .map((e) => ({ url: new URL(e.name).pathname, start: e.startTime })),
      }));
      expect(timing.code.length, path).toBeGreaterThan(3);
      for (const file of timing.code) expect(file.start, `${path}: ${file.url}`).toBeGreaterThanOrEqual(timing.paint);
      // The template's hints went into the head, so the start-up chunks downloaded beside main.js, not after it.
      const hints = await page.evaluate(() =>
        [...document.head.querySelectorAll('link[rel="preload"][fetchpriority="low"]')].map((l) =>
          l.getAttribute('as'),
        ),
      );
      expect(hints, path).toContain('script');
      expect(hints, path).toContain('fetch');
    }
    expect(consoleErrors).toEqual([]);
  });

  test('a reader who scrolled before the code arrived stays there when it takes the page over', async ({
    page,
    consoleErrors,
  }) => {
    const release = await holdShellCode(page);
    await page.goto('/services/seo-optimization', HELD);
    await page.getByRole('heading', { name: 'Prefer to Schedule Online?' }).scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    release();
    // Taken over: the consultation form beside the reader loads (its code starts only near the viewport).
    await expect(page.getByRole('form', { name: 'Free consultation request' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    expect(consoleErrors).toEqual([]);
  });

  test.describe('a menu opened before the code arrived (decision 0016)', () => {
    /** Loads `/` with the shell's code held back; `release` lets it through. */
    async function withCodeHeld(page: Page) {
      const release = await holdShellCode(page);
      await page.goto('/', HELD);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      return release;
    }

    test('on a phone: the menu button tapped early opens the menu once the code has taken the page over', async ({
      page,
      consoleErrors,
    }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      const release = await withCodeHeld(page);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0); // nothing can open it yet
      release();
      await expect(page.getByRole('dialog').getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      expect(consoleErrors).toEqual([]);
    });

    test('on a wide screen: Services clicked early opens the services menu', async ({ page, consoleErrors }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const release = await withCodeHeld(page);
      const services = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' });
      await services.click();
      await page.mouse.move(0, 400); // away from the trigger, so only the click can open it
      release();
      await expect(services).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('link', { name: 'View All Services →' })).toBeVisible();
      expect(consoleErrors).toEqual([]);
    });

    test('a later click elsewhere cancels it: nothing opens by surprise', async ({ page, consoleErrors }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      const release = await withCodeHeld(page);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('heading', { level: 1 }).click();
      release();
      await untilHydrated(page);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(consoleErrors).toEqual([]);
    });
  });

  test('a rendered calculator takes no input before its code runs, then restores the saved quote', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/price-calculator');
    await page.getByLabel('SEO service').selectOption('local');
    const estimate = page.getByRole('complementary', { name: 'Your estimate' });
    await expect(estimate.getByTestId('monthly-incl')).toHaveText('$736.00');

    // Hold the shell's code back: the visitor sees the rendered calculator, but its controls are disabled, so a
    // choice cannot be made now and silently undone by hydration.
    const release = await holdShellCode(page);
    await page.goto('/price-calculator', { waitUntil: 'commit' });
    const seo = page.getByLabel('SEO service');
    await expect(seo).toBeDisabled();
    await expect(seo).toHaveValue('none');
    release();
    await expect(seo).toBeEnabled();
    await expect(seo).toHaveValue('local');
    await expect(estimate.getByTestId('monthly-incl')).toHaveText('$736.00');
    expect(consoleErrors).toEqual([]);
  });

  test("a package's uploaded image is in the server's HTML of /services, and the page is taken over without an error", async ({
    page,
    playwright,
    suite,
    consoleErrors,
  }) => {
    // Uploaded and set up as staff do, from a context of its own: this page stays a visitor's.
    const staff = await playwright.request.newContext({
      baseURL: suite.portalUrl,
      storageState: await suite.freshSessionOf('demo-admin'),
    });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
      'base64',
    );
    const uploaded = await staff.post('/api/admin/content-images', {
      headers: { 'content-type': 'image/png' },
      data: png,
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const name = `Pictured package ${Date.now()}`;
    const created = await staff.post('/api/admin/service-packages', {
      data: { type: 'website', name, price: '$1,500', features: ['A photo'], imagePath: url, sortOrder: -1000 },
    });
    expect(created.status(), await created.text()).toBe(201);
    await staff.dispose();

    const html = await (await page.request.get('/services')).text();
    expect(html).toContain(name);
    expect(html).toMatch(new RegExp(`<img [^>]*src="${url.replace(/[.]/g, '\\.')}"[^>]*alt=""`));

    await page.goto('/services');
    await untilHydrated(page);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await card.scrollIntoViewIfNeeded();
    // The rendered <img> is the one React kept: it loads, and nothing was rendered again over it.
    await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'loaded');
    await expect(card.locator(`img[src="${url}"]`)).toHaveCount(1);
    expect(consoleErrors).toEqual([]);
  });

  test('every rendered quoting page is taken over without a hydration error', async ({ page, consoleErrors }) => {
    for (const { path } of rendered.filter((r) => r.owner === 'quoting')) {
      await page.goto(path);
      // The hydration gate opens once React has taken the server HTML over.
      await expect(page.locator('[data-remote="quoting"] > fieldset'), path).not.toHaveAttribute('disabled');
      expect(consoleErrors, path).toEqual([]);
    }
  });

  test('the sign-in pages are taken over in place: no hydration error, no shift, the query applied after', async ({
    page,
    consoleErrors,
  }) => {
    const gateOpen = () => expect(page.locator('[data-remote="account"] > fieldset')).not.toHaveAttribute('disabled');
    const shifted = await watchLayoutShifts(page);

    for (const path of ['/auth', '/login']) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).toContain('Client Login'); // in the served HTML, not added by the code
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.evaluate((h1) => ((window as unknown as { renderedH1: Element }).renderedH1 = h1));
      await gateOpen();
      await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
      expect(await heading.evaluate((h1) => (window as unknown as { renderedH1: Element }).renderedH1 === h1)).toBe(
        true,
      );
      expect(await shifted(), path).toBeLessThanOrEqual(0.02);
    }

    // A staff link's heading follows its query once the page is live, in the same element.
    await page.goto('/auth?role=admin');
    await gateOpen();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Login');

    // The e-mail's reset link: the rendered form stays, the same elements, without a shift.
    const resetHtml = await (await page.request.get('/reset-password?token=abc')).text();
    expect(resetHtml).toContain('Choose a New Password');
    await page.goto('/reset-password?token=abc');
    const field = page.getByLabel('New password *', { exact: true });
    await field.evaluate((input) => ((window as unknown as { renderedInput: Element }).renderedInput = input));
    await gateOpen();
    await expect(field).toBeEnabled();
    expect(await field.evaluate((i) => (window as unknown as { renderedInput: Element }).renderedInput === i)).toBe(
      true,
    );
    expect(await shifted()).toBeLessThanOrEqual(0.02);

    expect(resetHtml).not.toContain('abc');

    // A link without its token says so in the served HTML (the route's serverQuery), over the invisible form: the
    // same element once the page is live, nothing below it moves.
    expect(await (await page.request.get('/reset-password')).text()).toContain('This reset link is incomplete');
    await page.goto('/reset-password');
    const alert = page.getByRole('alert');
    await alert.evaluate((a) => ((window as unknown as { renderedAlert: Element }).renderedAlert = a));
    await gateOpen();
    await expect(alert).toContainText('This reset link is incomplete');
    await expect(page.getByLabel('New password *', { exact: true })).toBeHidden();
    expect(await alert.evaluate((a) => (window as unknown as { renderedAlert: Element }).renderedAlert === a)).toBe(
      true,
    );
    expect(await shifted()).toBeLessThanOrEqual(0.02);

    // An invitation's link: rendered as one, and it stays one.
    expect(await (await page.request.get('/reset-password?token=abc&invite=1')).text()).toContain('Set Your Password');
    await page.goto('/reset-password?token=abc&invite=1');
    await gateOpen();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set Your Password');
    await expect(page.getByLabel('New password *', { exact: true })).toBeEnabled();
    expect(await shifted()).toBeLessThanOrEqual(0.02);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('the custom quote page', () => {
  // A quote as the price calculator saves it: a storefront site (1,198) and local SEO (640 a month).
  const options = {
    ...DEFAULT_QUOTE_OPTIONS,
    websitePackage: 'storefront',
    seoServices: { authorityBlogsPerMonth: 'none', seoServices: 'local' },
  } as const;
  const SAVED = toSavedQuote('local', options, calculateQuote(options), null);

  test('keeps its layout whatever this browser has saved: nothing moves as the quote is read', async ({
    page,
    consoleErrors,
  }) => {
    const shifted = await watchLayoutShifts(page);
    const html = await (await page.request.get('/custom-quote')).text();
    expect(html).toContain('Request Your Custom Quote');
    expect(html).toContain('What happens next?');

    // No saved quote (a first visit, and how Lighthouse opens it): the empty state over the kept summary and form.
    await page.goto('/custom-quote');
    await expect(page.getByRole('heading', { name: 'No Quote Data Found' })).toBeVisible();
    await expect(page.getByLabel('First Name *')).toBeHidden();
    expect(await shifted()).toBeLessThanOrEqual(0.02);

    // A saved quote: its summary and the form in the place the server rendered them.
    await page.evaluate((quote) => localStorage.setItem('quoteData', JSON.stringify(quote)), SAVED);
    await page.goto('/custom-quote');
    await expect(page.getByTestId('custom-one-time')).toHaveText('$1,377.70');
    await expect(page.getByLabel('First Name *')).toBeVisible();
    expect(await shifted()).toBeLessThanOrEqual(0.02);
    expect(consoleErrors).toEqual([]);
  });
});
