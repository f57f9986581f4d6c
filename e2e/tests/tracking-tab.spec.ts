import { expect, test, toast } from '../support/fixtures';

/**
 * Staff see the server's conversion events in the Tracking tab (decision 0095): a visitor who accepted (the fixtures'
 * default) sends a custom quote on the suite's gateway, whose senders go to the worker's stand-in of Meta and GA4;
 * once the stand-in has the event, the tab lists it under its event id as sent.
 */
test('a conversion a visitor sends reaches the ad platforms and staff see it sent in the Tracking tab', async ({
  page,
  baseURL,
  suite,
  dashboardAs,
}) => {
  test.slow();
  await page.context().addCookies([{ name: '_ga', value: 'GA1.1.555555555.1700000000', url: baseURL! }]);
  await page.goto('/price-calculator');
  await page.getByLabel('SEO service').selectOption('local');
  await page.getByRole('link', { name: 'Get Your Quote' }).click();
  await expect(page).toHaveURL(/\/custom-quote$/);
  await page.getByLabel('First Name *').fill('Mere');
  await page.getByLabel('Last Name *').fill('Walker');
  await page.getByLabel('Email Address *').fill(`tracking-tab-${Date.now()}@example.nz`);
  await page.getByLabel('Business Name *').fill('Walker Plumbing');
  const conversion = page.waitForRequest((r) => r.url().endsWith('/api/conversions/track-event'));
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await expect(toast(page, 'Quote Request Submitted')).toBeVisible();
  const { eventId } = (await conversion).postDataJSON() as { eventId: string };

  // The delivery job runs every 30 s.
  const reached = (platform: 'meta' | 'ga4') =>
    suite.adPlatforms.requests.some(
      (r) => r.platform === platform && r.status < 300 && !r.path.includes('/debug/') && r.raw.includes(eventId),
    );
  await expect.poll(() => reached('meta'), { timeout: 90_000 }).toBe(true);
  await expect.poll(() => reached('ga4'), { timeout: 90_000 }).toBe(true);

  await dashboardAs('demo-admin');
  await page.getByRole('tab', { name: 'Tracking' }).click();
  const rows = page.getByRole('region', { name: 'Newest deliveries' }).getByRole('row').filter({ hasText: eventId });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Meta' })).toContainText('Sent');
  await expect(rows.filter({ hasText: 'Google Analytics 4' })).toContainText('Sent');
  const meta = page.getByRole('region', { name: 'Meta', exact: true });
  await expect(meta).toContainText('Configured');
  await expect(meta.getByText('Never')).toHaveCount(0);
});
