import type { Page } from '@playwright/test';
import { startGateway, type RunningGateway } from '@agency/gateway/testing';
import { THIRD_PARTY_DELAYS_MS } from '@agency/contracts';
import { expect, revealLeadForms, test, toast, untilHydrated } from '../support/fixtures';
import { pastPageTimers } from '../support/page-checks';

/**
 * The ad pixel, the chatbot embed script and the calculator video as configured by the runtime config
 * (decision 0026), against a gateway of their own. Third-party hosts are answered by the test.
 */
const PIXEL_ID = '1234567890';
const CHAT = 'https://widget.chat.example.test';
const VENDOR_SCRIPT = `document.body.insertAdjacentHTML('beforeend', '<div id="vendor-chat">Vendor chat</div>');`;

test.describe('configured third parties', () => {
  let gateway: RunningGateway;
  test.beforeAll(async () => {
    // A hang guard: a gateway of its own (publish, migrations, render processes) takes minutes to start on
    // a busy two-core machine.
    test.setTimeout(300_000);
    gateway = await startGateway({
      PIXEL_ID,
      CHATBOT_SCRIPT_URL: `${CHAT}/loader.js?key=abc`,
      WEBSITE_CALCULATOR_VIDEO_URL: '/media/website.mp4',
    });
  });
  test.afterAll(async () => gateway?.stop());
  test.beforeEach(async ({ context }) => {
    await context.route('https://connect.facebook.net/**', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: '/* fbevents stand-in */' }),
    );
    await context.route(`${CHAT}/**`, (route) =>
      route.fulfill({ contentType: 'application/javascript', body: VENDOR_SCRIPT }),
    );
    await context.route(/calendly\.com/, (route) => route.fulfill({ status: 200, body: 'booking' }));
  });

  /** What the Meta pixel was handed: its queue (fbevents.js is a stand-in here, so nothing drains it). */
  const pixelCalls = (page: Page) =>
    page.evaluate(() => ((window as { fbq?: { queue?: unknown[][] } }).fbq?.queue ?? []) as unknown[][]);

  test('the served HTML has no pixel image for visitors without scripts: they cannot consent', async ({ request }) => {
    const html = await (await request.get(`${gateway.url}/services`)).text();
    expect(html).not.toContain('facebook.com/tr');
  });

  test('the pixel receives the page view, a call to action as Lead and an enquiry as Contact', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(`${gateway.url}/`);
    await expect.poll(() => pixelCalls(page)).toContainEqual(['init', PIXEL_ID]);
    expect(await pixelCalls(page)).toContainEqual(['track', 'PageView']);

    const popup = page.waitForEvent('popup');
    await page
      .getByRole('link', { name: /Book My Strategy Call/ })
      .first()
      .click();
    await (await popup).close();
    expect(await pixelCalls(page)).toContainEqual([
      'track',
      'Lead',
      expect.objectContaining({ cta_type: 'consultation', button: 'Book My Strategy Call', page: '/' }),
    ]);

    await revealLeadForms(page);
    const form = page.getByRole('form', { name: 'Contact enquiry' });
    await form.getByLabel('Business name *').fill('Marsh Building');
    await form.getByLabel('Your name *').fill('Dave Marsh');
    await form.getByLabel('Email *').fill(`pixel-${Date.now()}@example.nz`);
    await form.getByLabel('Website Design').check();
    await form.getByRole('button', { name: 'Send My Enquiry' }).click();
    await expect(toast(page, 'Inquiry Submitted Successfully!')).toBeVisible();
    const contacts = (await pixelCalls(page)).filter((c) => c[1] === 'Contact');
    expect(contacts).toEqual([['track', 'Contact', expect.objectContaining({ value: 1, currency: 'NZD' })]]);
    expect(consoleErrors).toEqual([]);
  });

  test('the chatbot script loads after its delay where the chatbot belongs, admitted by the CSP', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(`${gateway.url}/faq`);
    await expect(page.locator('#vendor-chat')).toHaveCount(0);
    await expect(page.locator('#vendor-chat')).toBeVisible(); // 2 s after the page's code is up
    expect(await page.locator(`script[src^="${CHAT}/"]`).count()).toBe(1);
    expect(consoleErrors).toEqual([]);
  });

  test('the chatbot script stays off the offer pages, even when reached by a link after it loaded', async ({
    page,
  }) => {
    await page.goto(`${gateway.url}/local-lead-engine-offer`);
    await untilHydrated(page);
    await pastPageTimers(page, THIRD_PARTY_DELAYS_MS.chatbotLauncher); // when it would have loaded
    await expect(page.locator('#vendor-chat')).toHaveCount(0);

    await page.goto(`${gateway.url}/`);
    await expect(page.locator('#vendor-chat')).toBeVisible(); // 2 s after the page's code is up
    // An in-app navigation (as a link would make) to an offer page: it is loaded again, without the script.
    await page.evaluate(() => {
      history.pushState({}, '', '/real-talk-opt-in');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/real-talk-opt-in$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await pastPageTimers(page, THIRD_PARTY_DELAYS_MS.chatbotLauncher);
    await expect(page.locator('#vendor-chat')).toHaveCount(0);
    expect(await page.locator(`script[src^="${CHAT}/"]`).count()).toBe(0);
  });

  test('the website calculator shows its configured video', async ({ page }) => {
    await page.goto(`${gateway.url}/website-calculator`);
    await expect(page.getByTestId('website-video')).toHaveAttribute('src', '/media/website.mp4');
    await expect(page.getByTestId('website-video-text')).toHaveCount(0);
  });
});
