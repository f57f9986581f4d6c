import { routes } from '@agency/contracts';
import { expect, test } from '../support/fixtures';
import { samplePath } from '../support/sample-paths';

/**
 * An anonymous visitor's console stays clean on every public page (decision 0027): no error logged, no request
 * failing, no Content-Security-Policy violation, and no session read at all, since the browser holds no `signed-in` hint (the API's 401 for that read
 * would be logged as an error by the browser).
 */
const publicRoutes = routes.filter((r) => !('roles' in r));

// Each test reads its own page as a new visitor: they may run side by side on both workers.
test.describe.configure({ mode: 'parallel' });

test.describe('every public page, as an anonymous visitor', () => {
  test.beforeEach(async ({ page }) => {
    // The contact page's map is a third-party frame; the test machine has no internet.
    await page.route('https://www.openstreetmap.org/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>map</p>' }),
    );
  });

  for (const route of publicRoutes) {
    test(`${route.path}: no console error, no failed request, no session read`, async ({ page, consoleErrors }) => {
      const failed: string[] = [];
      const sessionReads: string[] = [];
      page.on('requestfailed', (req) => failed.push(`${req.url()} ${req.failure()?.errorText}`));
      page.on('response', (res) => {
        if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
      });
      page.on('request', (req) => {
        if (new URL(req.url()).pathname === '/api/auth/user') sessionReads.push(req.url());
      });
      // A Content-Security-Policy violation is reported to the browser's Issues panel, not always to the console.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as { cspViolations?: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (e) =>
          seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
        );
      });
      const response = await page.goto(samplePath(route));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // Let the page's code start, the lazy sections load and the header settle on its signed-out state.
      await expect(page.getByRole('banner').getByRole('link', { name: 'Client Login' })).toBeVisible();
      await page.mouse.wheel(0, 20_000);
      await page.waitForLoadState('networkidle');
      expect(sessionReads).toEqual([]);
      expect(failed).toEqual([]);
      expect(await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations)).toEqual([]);
      expect(consoleErrors).toEqual([]);
      expect(await page.evaluate(() => document.cookie)).not.toContain('signed-in');
    });
  }
});

test('a hint left without its session costs one read, then is cleared', async ({ page, context, baseURL }) => {
  // A hint whose session is gone (expired, deleted on another device): one read answers 401, and the hint goes.
  await context.addCookies([{ name: 'signed-in', value: '1', url: baseURL! }]);
  const reads: number[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/auth/user') reads.push(res.status());
  });
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Client Login' })).toBeVisible();
  await expect.poll(() => reads).toEqual([401]);
  await expect.poll(() => page.evaluate(() => document.cookie)).not.toContain('signed-in');
  await page.goto('/faq');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Client Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual([401]);
});
