import { expect, test } from '../support/fixtures';
import { jsonLdOf, type Node } from '../support/json-ld';

// Every public page's JSON-LD against Google's rich-result checks: the public-page sweep (public-pages.spec.ts).
test.describe('structured data', () => {
  test("a blog post's publisher is the agency, typed, with its logo, and defined on the page", async ({ page }) => {
    await page.goto('/blog/seo-strategies');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('10 SEO Tactics');
    const html = await (await page.request.get('/blog/seo-strategies')).text();
    const posting = jsonLdOf(html).find((n) => n['@type'] === 'BlogPosting');
    expect(posting?.publisher).toMatchObject({
      '@type': 'Organization',
      '@id': expect.stringMatching(/\/#organization$/),
      name: 'Be Loud Digital',
      logo: { '@type': 'ImageObject', url: expect.stringMatching(/^http.*\/favicon\.svg$/) },
    });
    expect(
      (await page.request.get(new URL(((posting?.publisher as Node).logo as Node).url as string).pathname)).ok(),
    ).toBe(true);
  });
});
