import { expect, test } from '../support/fixtures';

// An anonymous visitor's console on every public page (decision 0027) is checked by the public-page sweep
// (public-pages.spec.ts, decision 0104); here, the visitor whose browser still holds a stale signed-in hint.
test('a hint left without its session costs one read, then becomes the ended mark (decision 0102)', async ({
  page,
  context,
  baseURL,
}) => {
  // A hint whose session is gone (expired, deleted on another device): one read answers 401, and the hint becomes
  // the ended mark, which asks nothing more.
  await context.addCookies([{ name: 'signed-in', value: '1', url: baseURL! }]);
  const reads: number[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/auth/user') reads.push(res.status());
  });
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Client Login' })).toBeVisible();
  await expect.poll(() => reads).toEqual([401]);
  await expect.poll(() => page.evaluate(() => document.cookie)).toContain('signed-in=ended');
  await page.goto('/faq');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Client Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual([401]);
});
