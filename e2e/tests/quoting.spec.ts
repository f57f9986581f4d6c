import type { Page } from '@playwright/test';
import type { AnalyticsEvent } from '@agency/contracts';
import { expect, test, toast } from '../support/fixtures';

/** Analytics events the shell recorded (window.agencyEvents, see shell/src/features/tracking). */
const events = (page: Page) =>
  page.evaluate(() => ((window as { agencyEvents?: AnalyticsEvent[] }).agencyEvents ?? []).map((e) => e.name));
const unique = (label: string) => `${label}-${Date.now()}@example.nz`;

test.describe('quoting', () => {
  test('a website quote is priced on screen, sent, and stored with the server figures', async ({
    page,
    consoleErrors,
    suite,
  }) => {
    await page.goto('/website-calculator');
    await page.getByRole('checkbox', { name: /Logo Design/ }).check();
    await page.getByRole('checkbox', { name: /Chatbot setup/ }).check();
    await page.getByRole('checkbox', { name: /Monthly support and tuning/ }).check();
    // Storefront 1,198 + Logo Design 199 + chatbot setup 550, and 99/month support, worked by hand.
    const summary = page.getByRole('complementary', { name: 'Your website quote' });
    await expect(summary.getByTestId('one-time-excl')).toHaveText('$1,947.00');
    await expect(summary.getByTestId('one-time-incl')).toHaveText('$2,239.05');
    await expect(summary.getByTestId('monthly-incl')).toHaveText('$113.85');

    // Changing the package keeps the add-ons that still apply.
    await page.locator('label').filter({ hasText: 'Landing Page' }).click();
    await expect(page.getByRole('checkbox', { name: /Logo Design/ })).toHaveCount(0);
    await expect(summary.getByTestId('one-time-excl')).not.toHaveText('$1,947.00');
    await page.locator('label').filter({ hasText: 'Storefront Website' }).click();
    await expect(page.getByRole('checkbox', { name: /Logo Design/ })).toBeChecked();
    await expect(summary.getByTestId('one-time-excl')).toHaveText('$1,947.00');

    const email = unique('website');
    const form = page.getByRole('form', { name: 'Get this quote by email' });
    await form.getByLabel('Name').fill('Tama Website');
    await form.getByLabel('Email *').fill(email);
    await form.getByLabel('Phone *').fill('021 555 0101');
    await form.getByRole('button', { name: 'Email Me This Quote' }).click();
    await expect(toast(page, 'Quote Generated Successfully!')).toBeVisible();
    await expect(form.getByTestId('quote-price-text')).toContainText('$2,239.05 one-time and $113.85 per month');

    const [row] = await suite.query<{
      source: string;
      totalSetupCost: number;
      totalMonthlyCost: number;
      pricingAgreed: number;
    }>('select source, totalSetupCost, totalMonthlyCost, pricingAgreed from quotes where contactEmail = ?', [email]);
    expect(row).toMatchObject({ source: 'website', totalSetupCost: 1947, totalMonthlyCost: 99, pricingAgreed: 1 });
    expect(consoleErrors).toEqual([]);
  });

  test('a website quote that could not be sent says so, and sends on retry with the same details', async ({
    page,
    suite,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/website-calculator');
    const email = unique('website-retry');
    const form = page.getByRole('form', { name: 'Get this quote by email' });
    await form.getByLabel('Email *').fill(email);
    await form.getByLabel('Phone *').fill('021 555 0102');
    // The visitor's connection drops for the first send.
    await page.route('/api/website-quote', (route) => route.abort('internetdisconnected'), { times: 1 });
    await form.getByRole('button', { name: 'Email Me This Quote' }).click();
    await expect(toast(page, 'Quote Not Sent')).toBeVisible();
    const notSent = form.getByRole('alert');
    await expect(notSent).toContainText('Your quote was not sent.');
    await expect(notSent.getByTestId('quote-price-text')).toContainText('one-time');
    await expect(form.getByRole('status')).toHaveCount(0);
    expect(await suite.query('select id from quotes where contactEmail = ?', [email])).toHaveLength(0);

    await notSent.getByRole('button', { name: 'Try sending again' }).click();
    await expect(toast(page, 'Quote Generated Successfully!')).toBeVisible();
    await expect(form.getByRole('status')).toContainText('one-time');
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect
      .poll(async () => (await suite.query('select id from quotes where contactEmail = ?', [email])).length)
      .toBe(1);
  });

  test('the website quote form asks for a phone number before sending', async ({ page }) => {
    await page.goto('/website-calculator');
    const form = page.getByRole('form', { name: 'Get this quote by email' });
    await form.getByLabel('Email *').fill('no-phone@example.nz');
    // The browser's own required check runs first; bypass it to reach the product's message.
    await form.evaluate((f: HTMLFormElement) => (f.noValidate = true));
    await form.getByRole('button', { name: 'Email Me This Quote' }).click();
    await expect(toast(page, 'Phone Number Required')).toBeVisible();
    await expect(form.getByTestId('quote-price-text')).toHaveCount(0);
  });

  test('a price-calculator quote with a discount code is carried into /custom-quote and submitted', async ({
    page,
    consoleErrors,
    suite,
  }) => {
    await page.goto('/price-calculator');
    await page.getByText('Local business').click();
    await expect(page.getByText(/Recommended for you:/)).toBeVisible();
    await page.getByText('No website').click();
    await page.getByRole('slider').fill('2');
    await page.getByLabel('Static posts per week').selectOption('3');
    await page.getByLabel('SEO service').selectOption('local');
    const estimate = page.getByRole('complementary', { name: 'Your estimate' });
    // 2 platforms x 3 static posts a week = 720/month, plus local SEO 640: 1,360 + GST = 1,564.00.
    await expect(estimate.getByTestId('monthly-incl')).toHaveText('$1,564.00');

    await estimate.getByRole('button', { name: 'Have a discount code?' }).click();
    await estimate.getByRole('textbox', { name: 'Discount code' }).fill('nosuchcode');
    await estimate.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Invalid Code')).toBeVisible();
    // The unknown code's 404 answer is logged by the browser itself; nothing else may be.
    expect(consoleErrors).toEqual([expect.stringContaining('404')]);
    consoleErrors.length = 0;
    await estimate.getByRole('textbox', { name: 'Discount code' }).fill('summer15');
    await estimate.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Discount Applied')).toBeVisible();
    await expect(estimate.getByTestId('monthly-final')).toHaveText('$1,329.40');

    await estimate.getByRole('link', { name: 'Get Your Quote' }).click();
    await expect(page).toHaveURL(/\/custom-quote$/);
    await expect(page.getByRole('heading', { name: 'Request Your Custom Quote' })).toBeVisible();
    await expect(page.getByText('$1,329.40').first()).toBeVisible();
    await expect(page.getByText('What happens next?')).toBeVisible();

    const email = unique('custom');
    await page.getByLabel('First Name *').fill('Aroha');
    await page.getByLabel('Last Name *').fill('Thompson');
    await page.getByLabel('Email Address *').fill(email);
    await page.getByLabel('Business Name *').fill('Bright Spark Electrical');
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await expect(toast(page, 'Quote Request Submitted')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('quoteData'))).toBeNull();
    await expect(page).toHaveURL(/\/$/);

    const [row] = await suite.query<{
      source: string;
      discountApplied: string;
      finalMonthlyCost: number;
      totalMonthlyCost: number;
      businessName: string;
      pricingAgreed: number;
    }>(
      'select source, discountApplied, finalMonthlyCost, totalMonthlyCost, businessName, pricingAgreed from quotes where contactEmail = ?',
      [email],
    );
    expect(row).toMatchObject({
      source: 'custom',
      discountApplied: 'SUMMER15 (15%)',
      totalMonthlyCost: 1360,
      finalMonthlyCost: 1329.4,
      businessName: 'Bright Spark Electrical',
      pricingAgreed: 1,
    });
    expect(consoleErrors).toEqual([]);
  });

  test('a custom quote that fails to send keeps the visitor on the form to retry', async ({ page }) => {
    await page.goto('/price-calculator');
    await page.getByLabel('SEO service').selectOption('national');
    await page.getByRole('link', { name: 'Get Your Quote' }).click();
    await page.route('/api/submit-quote', (route) => route.fulfill({ status: 503, body: 'busy' }), { times: 1 });
    await page.getByLabel('First Name *').fill('Retry');
    await page.getByLabel('Last Name *').fill('Person');
    await page.getByLabel('Email Address *').fill(unique('retry'));
    await page.getByLabel('Business Name *').fill('Retry Ltd');
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await expect(toast(page, 'Submission Error')).toBeVisible();
    await expect(page).toHaveURL(/\/custom-quote$/);
    expect(await page.evaluate(() => localStorage.getItem('quoteData'))).not.toBeNull();
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await expect(toast(page, 'Quote Request Submitted')).toBeVisible();
  });

  test('the social media quote is sent with the split name, and a business name only when the visitor gives one', async ({
    page,
    consoleErrors,
    suite,
  }) => {
    await page.goto('/social-media-management');
    const calculator = page.locator('#calculator');
    await calculator.getByLabel('Static posts per week').selectOption('none');
    await expect(calculator.getByText('Select services to see pricing')).toBeVisible();
    await calculator.getByLabel('Video posts per week').selectOption('1');
    await expect(calculator.getByTestId('social-monthly')).not.toHaveText('$0.00');

    const email = unique('social');
    await calculator.getByRole('button', { name: 'Send My Quote' }).click();
    await expect(toast(page, 'Missing Information')).toBeVisible();
    await calculator.getByLabel('Your name *').fill('Mere Ngaio Smith');
    await calculator.getByLabel('Email *').fill(email);
    await calculator.getByRole('button', { name: 'Send My Quote' }).click();
    await expect(toast(page, 'Quote Submitted Successfully!')).toBeVisible();
    await expect(calculator.getByLabel('Your name *')).toHaveValue('');

    // A second quote, this time naming the business.
    const named = unique('social-named');
    await calculator.getByLabel('Your name *').fill('Hemi Walker');
    await calculator.getByLabel('Email *').fill(named);
    await calculator.getByLabel('Business name').fill('Ngāruawāhia Plumbing');
    await calculator.getByRole('button', { name: 'Send My Quote' }).click();
    // The form clears once the quote is stored.
    await expect(calculator.getByLabel('Business name')).toHaveValue('');

    const rows = await suite.query<{ contactEmail: string; contactName: string; businessName: string | null }>(
      'select contactEmail, contactName, businessName from quotes where contactEmail in (?, ?) order by id',
      [email, named],
    );
    expect(rows).toEqual([
      { contactEmail: email, contactName: 'Mere Ngaio Smith', businessName: null },
      { contactEmail: named, contactName: 'Hemi Walker', businessName: 'Ngāruawāhia Plumbing' },
    ]);
    expect(consoleErrors).toEqual([]);
  });

  test('the opt-in sends the visitor to the thank-you page, whose audio reports play and pause', async ({
    page,
    consoleErrors,
    suite,
  }) => {
    await page.goto('/real-talk-opt-in');
    const forms = page.getByRole('form', { name: 'Get the free audio' });
    await expect(forms).toHaveCount(2);
    const bottom = forms.nth(1);
    await bottom.getByRole('button', { name: 'Send Me the Free Audio' }).click();
    await expect(bottom.getByText('First name is required')).toBeVisible();

    const email = unique('optin');
    await bottom.getByLabel('First name').fill('Hemi');
    await bottom.getByLabel('Email').fill(email);
    await bottom.getByRole('button', { name: 'Send Me the Free Audio' }).click();
    await expect(page).toHaveURL(/\/real-talk-thank-you$/);
    await expect(page.getByRole('heading', { name: /audio is on its way/ })).toBeVisible();
    expect(await suite.query('select id from opt_in_leads where email = ?', [email])).toHaveLength(1);

    await page.getByRole('button', { name: 'Play the audio now' }).click();
    await expect.poll(() => events(page)).toContain('audio_play');
    await page.locator('audio').evaluate((a: HTMLAudioElement) => a.pause());
    await expect.poll(() => events(page)).toContain('audio_pause');
    await expect.poll(() => events(page)).toEqual(expect.arrayContaining(['audio_play', 'audio_pause']));

    const book = page.getByRole('link', { name: 'Book My Call' });
    await expect(book).toHaveAttribute('target', '_blank');
    await expect(book).toHaveAttribute('rel', /noopener/);
    expect(consoleErrors).toEqual([]);
  });

  test('a failed opt-in keeps the visitor on the page with a visible error', async ({ page }) => {
    await page.goto('/real-talk-opt-in');
    await page.route('/api/opt-in', (route) => route.abort('failed'));
    const top = page.getByRole('form', { name: 'Get the free audio' }).first();
    await top.getByLabel('First name').fill('Hemi');
    await top.getByLabel('Email').fill(unique('offline'));
    await top.getByRole('button', { name: 'Send Me the Free Audio' }).click();
    await expect(top.getByRole('alert')).toContainText("couldn't sign you up");
    await expect(page).toHaveURL(/\/real-talk-opt-in$/);
    expect(await events(page)).toContain('form_error');
  });

  test('the lead engine page shows the offer, tracks the view and the discovery-call clicks', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/local-lead-engine-offer');
    await expect(page.getByTestId('normal-price')).toHaveText('$6,500 + GST');
    await expect(page.getByTestId('early-price')).toHaveText('$2,495');
    await expect(page.locator('section#cta-form')).toBeVisible();
    await expect.poll(() => events(page)).toContain('view_content');

    const call = page.locator('#cta-form').getByRole('link', { name: 'Book My Free Discovery Call' });
    await expect(call).toHaveAttribute('rel', /noopener/);
    // Keep the booking site out of the test: only the click and its tracking matter here.
    await page.context().route(/calendly\.com/, (route) => route.fulfill({ status: 200, body: 'booking' }));
    const popup = page.waitForEvent('popup');
    await call.click();
    await (await popup).close();
    expect(await events(page)).toContain('call_booking_click');
    expect(consoleErrors).toEqual([]);
  });
});
