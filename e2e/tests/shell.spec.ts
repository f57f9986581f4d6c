import { SERVICES, THIRD_PARTY_DELAYS_MS } from '@agency/contracts';
import { startGateway, type RunningGateway } from '@agency/gateway/testing';
import { expect, test, toast, untilHydrated } from '../support/fixtures';
import { pastPageTimers } from '../support/page-checks';

const PASSWORD = 'Kahikatea#2025';

test.describe('header at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the Services dropdown lists the six services with taglines, by mouse and keyboard', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/');
    await untilHydrated(page);
    const header = page.getByRole('banner');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    // On a busy host a click can land before the menu's handler is live: click again until it is open.
    const services = header.getByRole('button', { name: 'Services' });
    await expect(async () => {
      if ((await services.getAttribute('aria-expanded')) !== 'true') await services.click();
      await expect(header.getByRole('link', { name: new RegExp(SERVICES[0]!.tagline) })).toBeVisible({ timeout: 1000 });
    }).toPass();
    for (const s of SERVICES) await expect(header.getByRole('link', { name: new RegExp(s.tagline) })).toBeVisible();
    await header.getByRole('link', { name: /View All Services/ }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Services');

    await header.getByRole('button', { name: 'Services' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect(header.getByRole('link', { name: new RegExp(SERVICES[0]!.name) })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/services/${SERVICES[0]!.slug}$`));
    expect(consoleErrors).toEqual([]);
  });

  test('footer: admin login when signed out, dashboard link when signed in; sitemap opens in a new tab', async ({
    page,
    suite,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    // Both lead to the portal (decision 0077).
    await expect(footer.getByRole('link', { name: 'Admin Login' })).toHaveAttribute(
      'href',
      `${suite.portalUrl}/auth?role=admin`,
    );
    await expect(footer.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: /Sitemap/ })).toHaveAttribute('target', '_blank');
    for (const name of ['Facebook', 'LinkedIn', 'Instagram'])
      await expect(footer.getByRole('link', { name })).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);

    // Signed in on the portal, the public site's footer shows it once the visitor comes back by a link (decision 0078).
    const username = `footer${Date.now()}`;
    expect(
      (
        await page.request.post(`${suite.portalUrl}/api/register`, {
          data: { username, email: `${username}@example.nz`, password: PASSWORD },
        })
      ).status(),
    ).toBe(201);
    await page.goto(`${suite.portalUrl}/dashboard`);
    await expect(footer.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(`${suite.url}/privacy-policy`);
    await expect(footer.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      `${suite.portalUrl}/dashboard`,
    );
    await expect(footer.getByRole('link', { name: 'Admin Login' })).toHaveCount(0);
  });

  test('a new toast replaces the old one', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Username').fill('nobody-here');
    await page.getByLabel('Password').fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Login failed')).toBeVisible();
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByLabel('Username').fill('nobody-here');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(
      toast(
        page,
        'If an account matches that username or e-mail address, we have e-mailed reset instructions to its address.',
      ),
    ).toBeVisible();
    const viewport = page.getByRole('region', { name: /Notifications/ });
    await expect(viewport.locator('li')).toHaveCount(1);
    await expect(viewport.getByText('Login failed')).toHaveCount(0);
    // Bottom right on a wide screen.
    const box = (await viewport.locator('li').boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(700);
  });

  test('no external request is made when no tracking ids are configured', async ({ page, baseURL }) => {
    const external: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.origin !== new URL(baseURL!).origin && url.protocol.startsWith('http')) external.push(r.url());
    });
    await page.goto('/');
    await untilHydrated(page);
    await page.mouse.wheel(0, 3000);
    // Past the analytics (1 s) and pixel (1.5 s) delays, had either been configured.
    await pastPageTimers(page, Math.max(THIRD_PARTY_DELAYS_MS.analytics, THIRD_PARTY_DELAYS_MS.pixel));
    // A client-side navigation: the engagement time of the page being left is reported in the same document.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Services' }).click();
    await page
      .getByRole('link', { name: /Meta Ads/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Facebook & Instagram Ads');
    const names = () =>
      page.evaluate(() => (window as unknown as { agencyEvents: { name: string }[] }).agencyEvents.map((e) => e.name));
    await expect
      .poll(names)
      .toEqual(expect.arrayContaining(['page_view', 'scroll_depth', 'engagement_time', 'view_content']));
    await pastPageTimers(page, Math.max(THIRD_PARTY_DELAYS_MS.analytics, THIRD_PARTY_DELAYS_MS.pixel));
    expect(external).toEqual([]);
    await expect(page.getByTestId('chatbot-widget')).toHaveCount(0);
  });
});

test.describe('header at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the full-screen menu lists everything, closes on a link and when the screen widens', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/');
    await untilHydrated(page);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Services' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    for (const name of [
      'Home',
      ...SERVICES.map((s) => s.name),
      'Price Calculator',
      'About Us',
      'How We Work',
      'FAQ',
      'Blog',
      'Client Login',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/blog$/);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.setViewportSize({ width: 1024, height: 740 });
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Services' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('toasts sit at the top of a phone screen', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Username').fill('nobody-here');
    await page.getByLabel('Password').fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Login' }).click();
    const status = page.getByRole('region', { name: /Notifications/ }).locator('li');
    await expect(status).toBeVisible();
    expect((await status.boundingBox())!.y).toBeLessThan(100);
  });
});

test.describe('chatbot widget (configured)', () => {
  let gateway: RunningGateway;
  test.beforeAll(async () => {
    // A hang guard: a gateway of its own (publish, migrations, render processes) takes minutes to start on
    // a busy two-core machine.
    test.setTimeout(300_000);
    gateway = await startGateway({ CHATBOT_EMBED_URL: 'https://chat.example.test/embed' });
  });
  test.afterAll(async () => gateway?.stop());
  test.beforeEach(async ({ page }) => {
    await page.route('https://chat.example.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>Kia ora! How can we help?</p>' }),
    );
  });

  test('appears after its delay and pops open at 5 s', async ({ page }) => {
    // When each part appears, by the page's own clock: a busy machine may start the page late, but the delays
    // between its parts are the widget's own.
    await page.addInitScript(() => {
      const seen: Record<string, number> = {};
      Object.assign(window, { __chatbotTimes: seen });
      new MutationObserver(() => {
        if (!seen.launcher && document.querySelector('[data-testid="chatbot-widget"]'))
          seen.launcher = performance.now();
        if (!seen.popup && document.querySelector('iframe[title="Chat with us"]')) seen.popup = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${gateway.url}/`);
    await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();
    await expect(page.frameLocator('iframe[title="Chat with us"]').getByText('Kia ora!')).toBeVisible();
    const seen = await page.evaluate(
      () => (window as unknown as { __chatbotTimes: Record<string, number> }).__chatbotTimes,
    );
    const { chatbotLauncher, chatbotPopup } = THIRD_PARTY_DELAYS_MS;
    expect(seen.launcher).toBeGreaterThanOrEqual(chatbotLauncher);
    // The popup's timer starts with the launcher, so it opens (chatbotPopup - chatbotLauncher) after it.
    expect(seen.popup! - seen.launcher!).toBeGreaterThanOrEqual(chatbotPopup - chatbotLauncher - 20);
    expect(seen.popup! - seen.launcher!).toBeLessThan(chatbotPopup - chatbotLauncher + 1500);
  });

  for (const path of ['/real-talk-opt-in', '/real-talk-thank-you', '/local-lead-engine-offer']) {
    test(`is absent on ${path}`, async ({ page }) => {
      await page.goto(`${gateway.url}${path}`);
      await untilHydrated(page);
      await pastPageTimers(page, THIRD_PARTY_DELAYS_MS.chatbotLauncher); // when it would have appeared
      await expect(page.getByTestId('chatbot-widget')).toHaveCount(0);
    });
  }
});
