import { expect, test } from '../support/fixtures';

// An anonymous visitor's console on every public page (decision 0027) is checked by the public-page sweep
// (public-pages.spec.ts, decision 0104); here, the visitor whose browser still holds a stale signed-in hint.
test('on the portal, a hint left without its session costs one read, then becomes the ended mark (decision 0102)', async ({
  page,
  context,
  suite,
}) => {
  // A hint whose session is gone (expired, deleted on another device): one read answers 401, and the hint becomes
  // the ended mark, which asks nothing more.
  await context.addCookies([{ name: 'signed-in', value: '1', url: suite.portalUrl }]);
  const reads: number[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/auth/user') reads.push(res.status());
  });
  await page.goto(`${suite.portalUrl}/auth`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Client Login' })).toBeVisible();
  await expect.poll(() => reads).toEqual([401]);
  await expect.poll(() => page.evaluate(() => document.cookie)).toContain('signed-in=ended');
  await page.goto(`${suite.portalUrl}/login`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Client Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual([401]);
});

test('the public site reads no session, whatever its hint says (decision 0077)', async ({
  page,
  context,
  baseURL,
  suite,
}) => {
  await context.addCookies([{ name: 'signed-in', value: '1', url: baseURL! }]);
  const reads: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/auth/')) reads.push(req.url());
  });
  for (const path of ['/', '/faq', '/price-calculator']) {
    await page.goto(path);
    // The hint alone says someone is signed in: the header links to the portal's dashboard.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      `${suite.portalUrl}/dashboard`,
    );
    await page.waitForLoadState('networkidle');
  }
  expect(reads).toEqual([]);
});
