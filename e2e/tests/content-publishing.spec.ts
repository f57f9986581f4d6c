import type { Browser, Page } from '@playwright/test';
import { expect, test, toast } from '../support/fixtures';

/** The smallest valid PNG: 1x1, one grey pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);

/** A visitor who never signed in to the gateway at `baseURL`, with scripts on or off. */
async function anonymous(browser: Browser, baseURL: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  return { page: await context.newPage(), close: () => context.close() };
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

test.describe('staff publish content that visitors see on the next request', () => {
  test('a post written in the dashboard goes live on /blog, its own page, the sitemap and the feed, and unpublishing removes it', async ({
    page,
    browser,
    baseURL,
    dashboardAs,
  }) => {
    const stamp = Date.now();
    const title = `Waikato Cafe SEO ${stamp}`;
    const slug = `waikato-cafe-seo-${stamp}`;
    await dashboardAs('demo-admin');
    await openTab(page, 'Blog');
    const form = page.getByRole('form', { name: 'New blog post' });
    await form.getByLabel('Title *').fill(title);
    await expect(form.getByLabel('Slug *')).toHaveValue(slug); // made from the title
    await form.getByLabel('Excerpt *').fill('Three things a Hamilton cafe can do this week to be found on Google.');
    await form
      .getByLabel('Upload cover image')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await expect(toast(page, 'Image uploaded')).toBeVisible();
    await expect(form.getByRole('img', { name: 'Cover preview' })).toBeVisible();
    await form.getByLabel(/^Cover alt text/).fill('A flat white on a Hamilton cafe counter');
    const body = [
      '## Claim your profile',
      '',
      'Start with **Google Business Profile**. Read [our guide](/google-business-profile-waikato).',
      '',
      '<script>window.__xss = 1</script>',
      '',
      '<img src=x onerror="window.__xss = 2">',
      '',
      '[click me](javascript:window.__xss=3)',
    ].join('\n');
    await form.getByLabel('Body (Markdown) *').fill(body);
    const preview = form.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Claim your profile' })).toBeVisible();
    await expect(preview.locator('script, img[onerror]')).toHaveCount(0);
    await form.getByLabel('Category *').fill('Local Business');
    await form.getByLabel('Status').selectOption('Published');
    await form.getByRole('button', { name: 'Add blog post' }).click();
    await expect(toast(page, 'Blog post added')).toBeVisible();
    await expect(page.getByRole('link', { name: `View on site ${title}` })).toHaveAttribute('href', `/blog/${slug}`);

    // A visitor finds it on /blog, at its own URL (server-rendered: the HTML carries it before any script runs),
    // in the sitemap and the feed; the payloads in its body do nothing.
    const visitor = await anonymous(browser, baseURL!);
    const noScript = await anonymous(browser, baseURL!, false);
    try {
      await visitor.page.goto('/blog');
      await expect(visitor.page.getByRole('heading', { name: title })).toBeVisible();
      const html = await (await visitor.page.request.get(`/blog/${slug}`)).text();
      expect(html).toContain(`<title>${title} | Be Loud Digital</title>`);
      expect(html).toContain(`<link rel="canonical" href="${baseURL}/blog/${slug}" />`);
      expect(html).toContain('"@type":"BlogPosting"');
      await noScript.page.goto(`/blog/${slug}`);
      await expect(noScript.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(noScript.page.getByRole('img', { name: 'A flat white on a Hamilton cafe counter' })).toBeVisible();

      await visitor.page.goto(`/blog/${slug}`);
      await expect(visitor.page.getByRole('heading', { level: 2, name: 'Claim your profile' })).toBeVisible();
      await expect(visitor.page.getByText('click me')).toBeVisible(); // its text stays, its script does not
      await expect(visitor.page.locator('a[href^="javascript" i], img[onerror]')).toHaveCount(0);
      // The escaped text travels in the page's data (JSON, never run); no script the browser would run carries it.
      const runnable = await visitor.page.evaluate(() =>
        [...document.scripts]
          .filter((s) => ['', 'module', 'text/javascript'].includes(s.type))
          .some((s) => s.text.includes('__xss')),
      );
      expect(runnable).toBe(false);
      expect(await visitor.page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
      expect(await (await visitor.page.request.get('/sitemap.xml')).text()).toContain(`/blog/${slug}</loc>`);
      expect(await (await visitor.page.request.get('/blog/feed.xml')).text()).toContain(`<title>${title}</title>`);

      // Unpublished: gone from every page on the next request.
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      const edit = page.getByRole('form', { name: 'Edit blog post' });
      await edit.getByLabel('Status').selectOption('Draft');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(toast(page, 'Blog post updated')).toBeVisible();

      expect((await visitor.page.goto(`/blog/${slug}`))?.status()).toBe(404);
      await visitor.page.goto('/blog');
      await expect(visitor.page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(visitor.page.getByRole('heading', { name: title })).toHaveCount(0);
      expect(await (await visitor.page.request.get('/sitemap.xml')).text()).not.toContain(slug);
    } finally {
      await visitor.close();
      await noScript.close();
    }
  });

  test('a case study added in the dashboard shows whole on /services and on its own page until deactivated', async ({
    page,
    browser,
    baseURL,
    dashboardAs,
  }) => {
    const title = `Te Awamutu Plumbing ${Date.now()}`;
    await dashboardAs('demo-admin');
    await openTab(page, 'Content');
    const form = page.getByRole('form', { name: 'New case study' });
    await form.getByLabel('Title *').fill(title);
    await form.getByLabel('Category').fill('Trades');
    await form.getByLabel('Scenario').fill('A family plumbing firm whose phone went quiet every winter.');
    await form.getByLabel('Challenges').fill('No Google reviews\nA slow website');
    await form.getByLabel('Strategies').fill('Review requests after every job');
    await form.getByLabel('Results').fill('Calls up 40% in three months');
    await form.getByLabel('Conclusion').fill('Winter is now their second-busiest season.');
    await form.getByRole('button', { name: 'Add case study' }).click();
    await expect(toast(page, 'Case study added')).toBeVisible();

    const visitor = await anonymous(browser, baseURL!, false); // what the gateway sends, before any script
    try {
      await visitor.page.goto('/services');
      const study = visitor.page.getByRole('article', { name: title });
      for (const text of [
        'Trades',
        'A family plumbing firm whose phone went quiet every winter.',
        'No Google reviews',
        'Review requests after every job',
        'Calls up 40% in three months',
        'Winter is now their second-busiest season.',
      ])
        await expect(study.getByText(text)).toBeVisible();
      await study.getByRole('link', { name: new RegExp(title) }).click();
      await expect(visitor.page).toHaveURL(/\/case-studies\/te-awamutu-plumbing-\d+$/);
      await expect(visitor.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(visitor.page).toHaveTitle(`${title} | Case Study | Be Loud Digital`);
      const own = visitor.page.url();

      await page.getByRole('button', { name: `Edit ${title}` }).click();
      const edit = page.getByRole('form', { name: 'Edit case study' });
      await edit.getByLabel('Active (shown on the site)').uncheck();
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(toast(page, 'Case study updated')).toBeVisible();

      await visitor.page.goto('/services');
      await expect(visitor.page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(visitor.page.getByRole('article', { name: title })).toHaveCount(0);
      expect((await visitor.page.goto(own))?.status()).toBe(404);
    } finally {
      await visitor.close();
    }
  });
});
