import type { Page, Request } from '@playwright/test';
import { startGateway, type RunningGateway } from '@agency/gateway/testing';
import { startAdPlatformsStandIn, type AdPlatformsStandIn } from '@agency/gateway/testing-ad-platforms';
import { CONSENT_TEXT, THIRD_PARTY_DELAYS_MS } from '@agency/contracts';
import { expect, test, toast, untilHydrated } from '../support/fixtures';
import { animationsSettled, overflow, pastPageTimers, PHONE, seriousViolations } from '../support/page-checks';

/**
 * The consent banner and what it gates (decision 0095), on a gateway with the Meta pixel and Google Analytics
 * configured; both hosts are answered by the test, and every request to them is counted. The gateway sends its
 * server-side events to a stand-in of Meta's Conversions API and GA4's Measurement Protocol. This file's browser has
 * not chosen yet (the fixtures' default consent is off here).
 */
const PIXEL_ID = '1234567890';
const ANALYTICS_ID = 'G-CONSENT1';
const THIRD_PARTY = /connect\.facebook\.net|facebook\.com|googletagmanager\.com|google-analytics\.com/;

test.use({ consent: null });

test.describe('the consent banner', () => {
  let gateway: RunningGateway;
  let platforms: AdPlatformsStandIn;
  test.beforeAll(async () => {
    // A hang guard: a gateway of its own takes minutes to start on a busy two-core machine.
    test.setTimeout(300_000);
    platforms = await startAdPlatformsStandIn();
    gateway = await startGateway({ PIXEL_ID, ANALYTICS_ID, ...platforms.env });
  });
  test.afterAll(async () => {
    await gateway?.stop();
    await platforms?.stop();
  });

  let thirdParty: string[];
  test.beforeEach(async ({ context }) => {
    thirdParty = [];
    context.on('request', (r: Request) => void (THIRD_PARTY.test(r.url()) && thirdParty.push(r.url())));
    await context.route(THIRD_PARTY, (route) =>
      route.fulfill({ contentType: 'application/javascript', body: '/* third-party stand-in */' }),
    );
  });

  const banner = (page: Page) => page.getByRole('region', { name: CONSENT_TEXT.title });
  const pixelCalls = (page: Page) =>
    page.evaluate(() => ((window as { fbq?: { queue?: unknown[][] } }).fbq?.queue ?? []) as unknown[][]);
  const dataLayer = (page: Page) =>
    page.evaluate(() => ((window as { dataLayer?: unknown[][] }).dataLayer ?? []).map((c) => [...c]));
  const consentBody = (page: Page) =>
    page
      .waitForRequest((r) => r.url().endsWith('/api/consent') && r.method() === 'POST')
      .then((r) => r.postDataJSON() as unknown);

  test('Reject all sends nothing to Meta or Google; the choice is kept, and Cookie settings changes it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto(`${gateway.url}/`);
    await untilHydrated(page);
    await expect(banner(page)).toBeVisible();
    // Fixed to the viewport: it moves nothing on the page.
    expect(await banner(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed');

    const recorded = consentBody(page);
    await banner(page).getByRole('button', { name: CONSENT_TEXT.reject }).click();
    expect(await recorded).toEqual({ analytics: false, ads: false, how: 'reject' });
    await expect(banner(page)).toBeHidden();
    await pastPageTimers(page, THIRD_PARTY_DELAYS_MS.pixel);
    expect(thirdParty).toEqual([]);

    await page.reload();
    await untilHydrated(page);
    await pastPageTimers(page, THIRD_PARTY_DELAYS_MS.pixel);
    await expect(banner(page)).toHaveCount(0);
    expect(thirdParty).toEqual([]);

    await page.getByRole('contentinfo').getByRole('button', { name: CONSENT_TEXT.footerLink }).click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toBeFocused();
    await banner(page).getByRole('button', { name: CONSENT_TEXT.accept }).click();
    // The delays have passed: what is now allowed loads at once.
    await expect.poll(() => pixelCalls(page)).toContainEqual(['init', PIXEL_ID]);
    await expect.poll(() => thirdParty.some((u) => u.includes('googletagmanager.com/gtag/js'))).toBe(true);
  });

  test('Accept all: the pixel gets the custom quote’s Lead with the eventID the server’s event carries', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // As gtag.js and the pixel would have set them (both are stand-ins here).
    await page.context().addCookies([
      { name: '_ga', value: 'GA1.1.123456789.1700000000', url: gateway.url },
      { name: '_fbp', value: 'fb.1.1700000000000.987654321', url: gateway.url },
    ]);
    await page.goto(`${gateway.url}/price-calculator`);
    await untilHydrated(page);
    await banner(page).getByRole('button', { name: CONSENT_TEXT.accept }).click();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => pixelCalls(page)).toContainEqual(['init', PIXEL_ID]);

    await page.getByLabel('SEO service').selectOption('local');
    await page.getByRole('link', { name: 'Get Your Quote' }).click();
    await expect(page).toHaveURL(/\/custom-quote$/);
    await page.getByLabel('First Name *').fill('Aroha');
    await page.getByLabel('Last Name *').fill('Thompson');
    await page.getByLabel('Email Address *').fill(`consent-${Date.now()}@example.nz`);
    await page.getByLabel('Business Name *').fill('Bright Spark Electrical');
    const conversion = page.waitForRequest(
      (r) => r.url().endsWith('/api/conversions/track-event') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await expect(toast(page, 'Quote Request Submitted')).toBeVisible();
    const body = (await conversion).postDataJSON() as { eventId: string; eventSourceUrl: string };
    expect(body.eventId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(body.eventSourceUrl).toBe(`${gateway.url}/custom-quote`);
    await expect
      .poll(() => pixelCalls(page))
      .toContainEqual(['track', 'Lead', expect.objectContaining({ form: 'custom-quote' }), { eventID: body.eventId }]);
    expect(await dataLayer(page)).toContainEqual([
      'event',
      'lead',
      expect.objectContaining({ form: 'custom-quote', event_id: body.eventId }),
    ]);

    // The server's own events (the delivery job runs every 30 s): Meta's with the pixel's id, so Meta counts the
    // pair once; GA4's for the browser's client id.
    const sent = (platform: 'meta' | 'ga4') =>
      platforms.requests.filter((r) => r.platform === platform && r.status < 300 && !r.path.includes('/debug/'));
    await expect.poll(() => sent('meta').length, { timeout: 90_000 }).toBeGreaterThan(0);
    const meta = sent('meta')[0]!.body as { data: { event_id: string; event_name: string; user_data: object }[] };
    expect(meta.data[0]).toMatchObject({ event_id: body.eventId, event_name: 'Lead' });
    expect(meta.data[0]!.user_data).toMatchObject({ fbp: 'fb.1.1700000000000.987654321' });
    expect(sent('meta')[0]!.raw).not.toContain('consent-');
    await expect.poll(() => sent('ga4').length, { timeout: 90_000 }).toBeGreaterThan(0);
    expect(sent('ga4')[0]!.body).toMatchObject({ client_id: '123456789.1700000000' });
  });

  test('at 375 px the banner and its choices fit, pass axe and are reached by keyboard', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    await page.goto(`${gateway.url}/services`);
    await untilHydrated(page);
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole('button', { name: CONSENT_TEXT.choose }).click();
    const ads = banner(page).getByRole('checkbox', { name: CONSENT_TEXT.adsLabel });
    await expect(banner(page).getByRole('checkbox', { name: CONSENT_TEXT.analyticsLabel })).toBeFocused();
    await animationsSettled(page);
    expect(await overflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    // Keyboard only: tick advertising alone and save.
    await page.keyboard.press('Tab');
    await expect(ads).toBeFocused();
    await page.keyboard.press('Space');
    const recorded = consentBody(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await recorded).toEqual({ analytics: false, ads: true, how: 'choose' });
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => pixelCalls(page)).toContainEqual(['init', PIXEL_ID]);
  });
});
