import { expect, test } from '../support/fixtures';

/** Details of the spec a visitor sees (docs/spec), in the browser. */
test('the discovery call is 30 minutes wherever it is offered', async ({ page }) => {
  for (const path of ['/real-talk-thank-you', '/local-lead-engine-offer']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/30-minute/).first()).toBeVisible();
    expect(await page.locator('main').textContent()).not.toMatch(/20-minute|twenty minutes/i);
  }
});

test('the social calculator starts with nothing chosen and sends no quote for nothing', async ({ page }) => {
  let quotes = 0;
  page.on('request', (req) => {
    if (req.url().endsWith('/api/submit-quote')) quotes++;
  });
  await page.goto('/social-media-management');
  const calculator = page.locator('#calculator');
  for (const label of ['Static posts per week', 'Carousel posts per week', 'Video posts per week'])
    await expect(calculator.getByLabel(label)).toHaveValue('none');
  await expect(calculator.getByRole('slider')).toHaveValue('1');
  await expect(calculator.getByText('Select services to see pricing')).toBeVisible();
  await expect(calculator.getByText('We recommend at least 3 posts a week on each platform.')).toBeVisible();
  await calculator.getByLabel('Your name *').fill('Mere');
  await calculator.getByLabel('Email *').fill('mere@example.nz');
  await calculator.getByRole('button', { name: 'Send My Quote' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Select Services First')).toBeVisible();
  expect(quotes).toBe(0);
});

test('the lead engine page is served with its sharing cards and its Service data', async ({ request }) => {
  const html = await (await request.get('/local-lead-engine-offer')).text();
  expect(html).toContain('<meta property="og:title" content="Local Lead Engine for Tradies | Be Loud Digital" />');
  expect(html).toContain('<meta name="twitter:card" content="summary" />');
  const service = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as { '@type': string; offers?: { price: number; priceSpecification: unknown[] } })
    .find((d) => d['@type'] === 'Service');
  expect(service?.offers?.price).toBe(2495);
  expect(JSON.stringify(service?.offers?.priceSpecification)).toContain('"price":6500');
});

test('the website calculator tells its video in words while none is configured', async ({ page }) => {
  await page.goto('/website-calculator');
  await expect(page.getByRole('heading', { name: 'How we build your website' })).toBeVisible();
  await expect(page.getByTestId('website-video-text')).toContainText('A free 30-minute call.');
  await expect(page.getByTestId('website-video')).toHaveCount(0);
});

test('icons are drawn as SVG, not emoji: the home audience cards', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Who We Help' }) });
  await expect(section.locator('svg.lucide')).toHaveCount(6);
  for (const icon of await section.locator('svg.lucide').all()) {
    await expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect((await icon.boundingBox())?.width).toBeGreaterThan(16);
  }
  expect(await section.textContent()).not.toMatch(/[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}]/u);
});
