import { expect, test } from '../support/fixtures';

/**
 * Decision 0049 in Chromium: rows a script or a manual edit wrote straight into the
 * database, of a shape the site cannot show, are left out of the pages that would show them, and every other
 * item stays on the page. Before, `/services` and the case study showed "This part of the site is unavailable",
 * and a deeply nested post took `/blog` down.
 */
test.describe('odd stored content never takes a public page down', () => {
  const slugs = { odd: 'odd-stored-study', good: 'good-stored-study', post: 'deep-stored-post' };

  test.beforeAll(async ({ suite }) => {
    await suite.query(
      `insert into case_studies (title, slug, challenges, results, sortOrder, isActive) values
         ('Odd stored study', ?, '[]', '[{"toString":1}]', -100, 1),
         ('Good stored study', ?, '["Quiet winters"]', '["Twice the calls"]', -99, 1)`,
      [slugs.odd, slugs.good],
    );
    await suite.query(
      `insert into blog_posts (slug, title, excerpt, body, imageAlt, category, status, publishedAt, faq)
         values (?, 'Deep stored post', 'Nested far too deep.', ?, '', 'Stored', 'published', ?, '[]')`,
      [slugs.post, `${'>'.repeat(2000)} deep`, Date.now() - 60_000],
    );
  });

  test.afterAll(async ({ suite }) => {
    await suite.query('delete from case_studies where slug in (?, ?)', [slugs.odd, slugs.good]);
    await suite.query('delete from blog_posts where slug = ?', [slugs.post]);
  });

  test('/services shows every other case study, and the odd one is not found', async ({ page }) => {
    await page.goto('/services');
    await expect(page.getByRole('heading', { name: 'Good stored study' })).toBeVisible();
    await expect(page.getByText('Twice the calls')).toBeVisible();
    await expect(page.getByText('Odd stored study')).toHaveCount(0);
    await expect(page.getByText('This part of the site is unavailable')).toHaveCount(0);
    expect((await page.goto(`/case-studies/${slugs.odd}`))?.status()).toBe(404);
    await page.goto(`/case-studies/${slugs.good}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Good stored study' })).toBeVisible();
  });

  test('/blog and the post stay up with a post nested 2,000 levels deep', async ({ page }) => {
    // A post written outside the API is on the site once the gateway has rendered it, a moment after it is met.
    await expect.poll(async () => (await page.request.get(`/api/blog-posts/${slugs.post}`)).status()).toBe(200);
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 2, name: 'Deep stored post' })).toBeVisible();
    await expect(page.getByText('This part of the site is unavailable')).toHaveCount(0);
    await page.goto(`/blog/${slugs.post}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Deep stored post' })).toBeVisible();
    // Its quotes render as far as the renderer nests (empty ones have no height); the text past that is left out.
    expect(await page.locator('blockquote').count()).toBeGreaterThan(10);
  });
});
