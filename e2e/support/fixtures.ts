import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CONSENT_COOKIE, serializeConsent, type ConsentChoice } from '@agency/contracts';
import './loopback-names';
import { startSuiteGateway, type DemoAccount, type SuiteGateway } from './suite-gateway';

export { DEMO_PASSWORD, type DemoAccount, type SuiteGateway } from './suite-gateway';

interface TestFixtures {
  /**
   * The consent choice every test's browser already made (decision 0095): accept all, so the banner neither shows
   * nor covers what a test clicks, and configured third parties load as before. A test of the banner itself opts
   * out with `test.use({ consent: null })`: its page starts as a first visit.
   */
  consent: ConsentChoice | null;
  consoleErrors: string[];
  /**
   * Opens the dashboard in this test's page as a demo account, already signed in (no sign-in form): on the portal's
   * origin (`suite.portalUrl`, decision 0077), which the page then is on.
   */
  dashboardAs: (account: DemoAccount) => Promise<void>;
}

/**
 * Each worker has a gateway and database of its own (`suite`, decision 0091), started before its first test and
 * stopped after its last; `baseURL` (and so `page.goto('/')`, `request`) points at it. Tests in different workers
 * never share a row, so no test depends on another file's data or on the order files run in.
 */
export const test = base.extend<TestFixtures, { suite: SuiteGateway; consentEverywhere: void }>({
  consentEverywhere: [
    async ({ browser }, use) => {
      // Every context of the worker, the test's own and those a test opens itself (a second visitor), starts chosen.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = (async (...args: Parameters<Browser['newContext']>) => {
        const context = await newContext(...args);
        await context.addCookies(consentCookies({ analytics: true, ads: true }));
        return context;
      }) as Browser['newContext'];
      await use();
      browser.newContext = newContext;
    },
    { scope: 'worker', auto: true },
  ],
  consent: [{ analytics: true, ads: true }, { option: true }],
  context: async ({ context, consent }, use) => {
    await context.clearCookies({ name: CONSENT_COOKIE });
    if (consent) await context.addCookies(consentCookies(consent));
    await use(context);
  },
  suite: [
    // Playwright reads fixture dependencies from the destructuring pattern, so it must be present even when empty.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const gateway = await startSuiteGateway();
      await use(gateway);
      await gateway.stop();
    },
    // Started for every worker, before any hook: a `beforeAll` may write to the database before a page is open.
    // A hang guard: on a busy two-core machine publishing the builds and starting take minutes.
    { scope: 'worker', auto: true, timeout: 300_000 },
  ],
  baseURL: async ({ suite }, use) => use(suite.url),
  /** Every page must load without console errors; a test that expects some opts out explicitly. */
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    // An anonymous visitor's browser never asks /api/auth/user (no signed-in hint), so even its 401 is an error.
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await use(errors);
  },
  dashboardAs: async ({ page, suite }, use) => {
    await use(async (account) => {
      await page.context().addCookies((await suite.freshSessionOf(account)).cookies);
      await page.goto(`${suite.portalUrl}/dashboard`);
      // A hang guard: the account remote loads slowly on a busy two-core machine ('Loading Dashboard...').
      await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible({ timeout: 60_000 });
    });
  },
});

export { expect };

/**
 * The consent cookie for every name the tests' gateways answer on (a cookie is per host, not per port): the public
 * origin `localhost` or `127.0.0.1`, and the portal's `portal.localhost`.
 */
export const consentCookies = (choice: ConsentChoice): Parameters<BrowserContext['addCookies']>[0] =>
  ['localhost', '127.0.0.1', 'portal.localhost'].map((domain) => ({
    name: CONSENT_COOKIE,
    value: serializeConsent(choice),
    domain,
    path: '/',
    sameSite: 'Lax' as const,
  }));

/** A toast by its text, inside the shell's notification viewport (Radix also announces it in a hidden live region). */
export const toast = (page: Page, text: string | RegExp) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .getByText(text)
    .first();

/**
 * Until the shell's code has taken a server-rendered page over (it starts after the first paint, decision 0014),
 * its links are plain links (a click loads the next page from the server) and its buttons do nothing. Tests of
 * client-side behaviour wait for the page's main heading to be hydrated: React marks every element it has taken
 * over with a `__reactProps$…` key (what its developer tools read), and the remote page's heading is among the
 * last. On a page rendered in the browser it is there from the start.
 */
export async function untilHydrated(page: Page) {
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect
    // A hang guard: hydration waits for the shell's and the remote's code, which a busy two-core machine fetches and
    // compiles in seconds, not the few hundred milliseconds a quiet one takes.
    .poll(() => heading.evaluate((h) => Object.keys(h).some((k) => k.startsWith('__reactProps$'))), {
      timeout: 30_000,
    })
    .toBe(true);
}

/**
 * Marketing pages load their lead forms (from the quoting remote) as the visitor scrolls towards them; this
 * brings each still-loading form into view, as a reader would, until none is left loading.
 */
export async function revealLeadForms(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible(); // the page itself has arrived
  const loading = page.getByRole('status').filter({ hasText: 'Loading form...' });
  for (let left = await loading.count(), i = 0; left > 0 && i < 10; left = await loading.count(), i++) {
    // On a server-rendered page a form may finish loading, and leave the DOM, while it is being scrolled to.
    await loading
      .first()
      .scrollIntoViewIfNeeded()
      .catch(() => undefined);
    await expect.poll(() => loading.count()).toBeLessThan(left);
  }
}
