import { FAQ_CATEGORIES, routes } from '@agency/contracts';
import { expect, revealLeadForms, test, untilHydrated } from '../support/fixtures';
import { sampleHeading, samplePath, sampleTitle } from '../support/sample-paths';

/** The five articles the gateway seeds as the first posts (gateway/content/seed/posts.json), newest first. */
const SEEDED_POSTS = [
  'auckland-retail-strategies',
  'landscaping-ideas',
  'ecommerce-optimization',
  'google-business-profile',
  'seo-strategies',
];

/** The main heading each marketing page must show (its h1). */
const HEADINGS: Record<string, string | RegExp> = {
  '/': 'Stop Losing Clients to Competitors',
  '/services': 'Our Services',
  '/services/social-media-management': 'Social Media That Keeps You Front of Mind',
  '/services/seo-optimization': 'Get Found on Google by Customers Near You',
  '/services/web-development': 'Websites That Win You Work',
  '/services/google-ads': 'Google Ads That Bring Calls',
  '/services/meta-ads': 'Facebook & Instagram Ads',
  '/services/social-media-gbp-optimization': 'Make Your First Impression Win the Click',
  '/about-us': 'We Help Good Local Businesses Get Seen',
  '/how-we-work': 'How We Work',
  '/contact': 'Contact Us',
  '/faq': 'Frequently Asked Questions',
  '/blog': 'Digital Marketing Insights for NZ Businesses',
  '/google-business-profile-waikato': 'Google Business Profile Guide for Waikato SMEs',
  '/ecommerce-optimization-blog': 'E-commerce Optimisation',
  '/privacy-policy': 'Privacy Policy',
  '/privacy-request': 'Your personal information',
};

const marketingRoutes = routes.filter((r) => r.owner === 'marketing');

// Every test here only reads pages, each in its own: they may run side by side on both workers.
test.describe.configure({ mode: 'parallel' });

test('every marketing route of the route table is covered here', () => {
  const covered = marketingRoutes.filter((r) => HEADINGS[r.path] ?? sampleHeading(r.path)).map((r) => r.path);
  expect(covered).toEqual(marketingRoutes.map((r) => r.path));
});

test.describe('marketing pages render through the shell', () => {
  // The contact page's map is a third-party iframe; the test machine has no internet, so keep it from loading.
  test.beforeEach(async ({ page }) => {
    await page.route('https://www.openstreetmap.org/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>map</p>' }),
    );
  });

  for (const route of marketingRoutes) {
    test(`${route.path} shows its heading and title without console errors`, async ({ page, consoleErrors }) => {
      const response = await page.goto(samplePath(route));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(
        HEADINGS[route.path] ?? sampleHeading(route.path)!,
      );
      await expect(page).toHaveTitle(sampleTitle(route));
      await expect(page.getByRole('banner')).toBeVisible();
      expect(consoleErrors).toEqual([]);
    });
  }

  test('client-side navigation updates the title and structured data', async ({ page }) => {
    const structuredDataChunks: string[] = [];
    page.on('request', (req) => {
      if (/\/structured-data\.\w+\.js$/.test(req.url())) structuredDataChunks.push(req.url());
    });
    // A served page carries its head, structured data included (or none, like the calculator's); the code that
    // builds structured data is fetched only for a client-side navigation.
    for (const path of ['/price-calculator', '/services']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(structuredDataChunks).toEqual([]);
    // Before hydration the link is a plain one: the next page would come from the server, structured data and all.
    await untilHydrated(page);
    await page
      .getByRole('link', { name: /Google Ads Management/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/services\/google-ads$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Google Ads That Bring Calls');
    await expect(page).toHaveTitle(/Google Ads Management/);
    const types = () =>
      page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? '{}')['@type']));
    // The structured data module loads on the first client-side navigation.
    await expect.poll(types).toEqual(['Service', 'BreadcrumbList']);
    expect(structuredDataChunks).toHaveLength(1);
  });

  test('a post reached by a client-side navigation gets the head of its server HTML', async ({ page }) => {
    /** Title, meta tags, canonical link and JSON-LD of a document (this one, or one parsed from `html`), sorted. */
    const headOf = (html?: string) =>
      page.evaluate((served) => {
        const doc = served === undefined ? document : new DOMParser().parseFromString(served, 'text/html');
        return [...doc.head.querySelectorAll('title, meta, link[rel="canonical"], script[type="application/ld+json"]')]
          .map((el) => {
            if (el.tagName === 'TITLE') return `title ${el.textContent}`;
            if (el.tagName === 'LINK') return `canonical ${el.getAttribute('href')}`;
            if (el.tagName === 'SCRIPT') return `json-ld ${JSON.stringify(JSON.parse(el.textContent ?? ''))}`;
            const key = el.getAttribute('property') ?? el.getAttribute('name') ?? el.getAttribute('charset');
            return `meta ${key} ${el.getAttribute('content')}`;
          })
          .sort();
      }, html);
    const path = '/blog/seo-strategies';
    await page.goto('/faq');
    await untilHydrated(page);
    // The router follows the history, as it does for the back button: a navigation inside the page.
    await page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('10 SEO Tactics');
    const served = await headOf(await (await page.request.get(path)).text());
    expect(served).toEqual(
      expect.arrayContaining([
        'meta og:type article',
        expect.stringMatching(/^meta og:image http.*\/content-images\/[\w-]+\.webp$/),
        'meta twitter:card summary_large_image',
        expect.stringMatching(/^json-ld \{"@context":"https:\/\/schema.org","@type":"BlogPosting"/),
      ]),
    );
    await expect.poll(() => headOf()).toEqual(served);
  });

  test('the home page renders the enquiry form from the quoting remote', async ({ page }) => {
    await page.goto('/');
    await revealLeadForms(page);
    const form = page.getByRole('form', { name: /enquiry/i });
    await expect(form).toBeVisible();
  });

  test('a service page renders the consultation form from the quoting remote', async ({ page }) => {
    await page.goto('/services/seo-optimization');
    await revealLeadForms(page);
    await expect(page.getByRole('form', { name: 'Free consultation request' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Prefer to Schedule Online?' })).toBeVisible();
  });
});

test.describe('with the quoting remote unreachable', () => {
  test('marketing pages still render and show the phone and email where the form would be, then recover', async ({
    page,
  }) => {
    await page.route('**/mfe/quoting/**', (route) => route.abort('connectionrefused'));
    await page.goto('/services/google-ads');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Google Ads That Bring Calls');
    await revealLeadForms(page);
    const fallback = page.getByTestId('form-fallback');
    await expect(fallback).toContainText("Our online form isn't available right now.");
    await expect(fallback.getByRole('link', { name: /^0/ })).toHaveAttribute('href', /^tel:/);
    await expect(fallback.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);

    await page.unroute('**/mfe/quoting/**');
    await fallback.getByRole('button', { name: 'Try loading the form again' }).click();
    await expect(page.getByRole('form', { name: 'Free consultation request' })).toBeVisible();
  });
});

test.describe('blog', () => {
  test('a jump card scrolls to its article and focuses it, by click and by keyboard', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/blog');
    await untilHydrated(page); // before that a jump card is a plain #anchor: it scrolls, but moves no focus
    const ids = await page.locator('article').evaluateAll((els) => els.map((e) => e.id));
    // Other tests may publish posts of their own; the seeded five keep their order and anchors.
    expect(ids.filter((id) => SEEDED_POSTS.includes(id))).toEqual(SEEDED_POSTS);

    await page.getByTestId('jump-seo-strategies').click();
    const seo = page.locator('#seo-strategies');
    await expect(seo).toBeFocused();
    await expect(seo).toBeInViewport();
    await expect(page).toHaveURL(/\/blog#seo-strategies$/);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('jump-landscaping-ideas').focus();
    await page.keyboard.press('Space');
    await expect(page.locator('#landscaping-ideas')).toBeFocused();
    await expect(page.locator('#landscaping-ideas')).toBeInViewport();

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('jump-ecommerce-optimization').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#ecommerce-optimization')).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });

  test('/blog#id opens at that article', async ({ page }) => {
    await page.goto('/blog#google-business-profile');
    await expect(page.locator('#google-business-profile')).toBeInViewport();
  });

  test('the jump grid shows five columns on a wide screen and one on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/blog');
    const tops = async () =>
      page
        .locator('[data-testid^="jump-"]')
        .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    await expect.poll(async () => new Set(await tops()).size).toBe(1);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(async () => new Set(await tops()).size).toBe(5);
  });
});

test.describe('privacy requests', () => {
  test('a confirmation link is served as one: the confirm button in the HTML, hydrated without errors', async ({
    page,
    consoleErrors,
  }) => {
    const html = await (await page.request.get('/privacy-request?token=abc_DEF-123')).text();
    expect(html).toContain('Confirm my request');
    expect(html).not.toContain('Send my request');
    await page.goto('/privacy-request?token=abc_DEF-123');
    await untilHydrated(page);
    await expect(page.getByRole('button', { name: 'Confirm my request' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send my request' })).toHaveCount(0);
    // An unknown token is the server's to refuse, in words, after the click.
    await page.getByRole('button', { name: 'Confirm my request' }).click();
    await expect(page.getByRole('alert')).not.toBeEmpty();
    expect(consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });

  test('after one request, another can be made without a reload', async ({ page }) => {
    await page.goto('/privacy-request');
    await untilHydrated(page);
    for (const email of [`first.${Date.now()}@example.nz`, `second.${Date.now()}@example.nz`]) {
      await page.getByLabel('Your e-mail address').fill(email);
      await page.getByRole('button', { name: 'Send my request' }).click();
      await expect(page.getByRole('status')).toContainText('We have sent a confirmation link');
      await page.getByRole('button', { name: 'Make another request' }).click();
      await expect(page.getByLabel('Your e-mail address')).toHaveValue(email);
    }
  });
});

test.describe('FAQ', () => {
  test('quick navigation anchors jump to their categories, and questions open independently', async ({ page }) => {
    await page.goto('/faq');
    for (const category of FAQ_CATEGORIES) {
      await page
        .getByRole('navigation', { name: 'Quick Navigation' })
        .getByRole('link', { name: category.title })
        .click();
      await expect(page).toHaveURL(new RegExp(`/faq#${category.id}$`));
      await expect(page.locator(`#${category.id}`)).toBeInViewport();
    }
    await untilHydrated(page); // the anchors above are plain links; the questions need the code
    const [a, b] = FAQ_CATEGORIES[0]!.entries;
    await page.getByRole('button', { name: a!.question }).click();
    await page.getByRole('button', { name: b!.question }).click();
    await expect(page.getByText(a!.answer)).toBeVisible();
    await expect(page.getByText(b!.answer)).toBeVisible();
    await page.getByRole('button', { name: a!.question }).click();
    await expect(page.getByText(a!.answer)).toBeHidden();
    await expect(page.getByText(b!.answer)).toBeVisible();
  });

  test('/faq#pricing-packages opens at that category', async ({ page }) => {
    await page.goto('/faq#pricing-packages');
    await expect(page.locator('#pricing-packages')).toBeInViewport();
  });
});
