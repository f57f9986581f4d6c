import type { Page } from '@playwright/test';
import type { AnalyticsEvent } from '@agency/contracts';
import { expect, revealLeadForms, test, toast } from '../support/fixtures';

/**
 * Conversion tracking (decision 0025, docs/spec: site-and-accounts §7, leads-and-quoting §7): every form sends its event once, on a
 * successful answer only, through the shell's host.track, which keeps it in window.agencyEvents (and hands it to the
 * analytics and the pixel when configured: third-parties.spec).
 */
const eventsOf = (page: Page) =>
  page.evaluate(() => (window as { agencyEvents?: AnalyticsEvent[] }).agencyEvents ?? []);
const named = async (page: Page, name: string) => (await eventsOf(page)).filter((e) => e.name === name);
const unique = (label: string) => `${label}-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.nz`;

interface FormCase {
  form: string;
  api: string;
  /** Opens the page and fills the form, up to the click that sends it. */
  fill: (page: Page) => Promise<void>;
  send: (page: Page) => Promise<void>;
  /** What the visitor sees after a successful answer, and after a failed one. */
  succeeded: string;
  failed: string;
  /** The conversion events a success sends, each exactly once. */
  events: { name: string; params: Record<string, unknown>; eventId?: unknown }[];
}

const CASES: FormCase[] = [
  {
    form: 'home enquiry',
    api: '/api/contact-inquiry',
    fill: async (page) => {
      await page.goto('/');
      await revealLeadForms(page);
      const form = page.getByRole('form', { name: 'Contact enquiry' });
      await form.getByLabel('Business name *').fill('Marsh Building');
      await form.getByLabel('Your name *').fill('Dave Marsh');
      await form.getByLabel('Email *').fill(unique('enquiry'));
      await form.getByLabel('Website Design').check();
    },
    send: (page) => page.getByRole('button', { name: 'Send My Enquiry' }).click(),
    succeeded: 'Inquiry Submitted Successfully!',
    failed: 'Submission Failed',
    events: [{ name: 'contact', params: { form: 'contact-enquiry', value: 1, currency: 'NZD', page: '/' } }],
  },
  {
    form: 'consultation',
    api: '/api/submit-consultation',
    fill: async (page) => {
      await page.goto('/services/google-ads');
      await revealLeadForms(page);
      const form = page.getByRole('form', { name: 'Free consultation request' });
      await form.getByLabel('Business name *').fill('Bright Spark');
      await form.getByLabel('Your name *').fill('Aroha');
      await form.getByLabel('Email *').fill(unique('consultation'));
      await form.getByLabel('Phone *').fill('021 555 0199');
      await form.getByLabel('Your biggest challenge right now *').fill('Quiet winters');
    },
    send: (page) => page.getByRole('button', { name: 'Book My Free Consultation' }).click(),
    succeeded: 'Consultation Request Submitted!',
    failed: 'Submission Failed',
    events: [
      {
        name: 'schedule',
        params: {
          form: 'consultation',
          service: 'google-ads',
          value: 1,
          currency: 'NZD',
          page: '/services/google-ads',
        },
      },
    ],
  },
  {
    form: 'website quote',
    api: '/api/website-quote',
    fill: async (page) => {
      await page.goto('/website-calculator');
      await page.getByRole('checkbox', { name: /Monthly support and tuning/ }).check();
      const form = page.getByRole('form', { name: 'Get this quote by email' });
      await form.getByLabel('Email *').fill(unique('website'));
      await form.getByLabel('Phone *').fill('021 555 0101');
    },
    send: (page) => page.getByRole('button', { name: 'Email Me This Quote' }).click(),
    succeeded: 'Quote Generated Successfully!',
    failed: 'Quote Not Sent',
    events: [
      {
        name: 'lead',
        params: { form: 'website-quote', value: 99, currency: 'NZD', setup_cost: 1198, page: '/website-calculator' },
      },
    ],
  },
  {
    form: 'social quote',
    api: '/api/submit-quote',
    fill: async (page) => {
      await page.goto('/social-media-management');
      const calculator = page.locator('#calculator');
      await calculator.getByLabel('Video posts per week').selectOption('1');
      await calculator.getByLabel('Your name *').fill('Mere Smith');
      await calculator.getByLabel('Email *').fill(unique('social'));
    },
    send: (page) => page.getByRole('button', { name: 'Send My Quote' }).click(),
    succeeded: 'Quote Submitted Successfully!',
    failed: 'Submission Error',
    // One video a week on one platform: 275 a week, 1,100 a month excl. GST.
    events: [
      {
        name: 'lead',
        params: { form: 'social-quote', value: 1100, currency: 'NZD', setup_cost: 0, page: '/social-media-management' },
      },
    ],
  },
  {
    form: 'custom quote',
    api: '/api/submit-quote',
    fill: async (page) => {
      await page.goto('/price-calculator');
      await page.getByLabel('SEO service').selectOption('local');
      await page.getByRole('link', { name: 'Get Your Quote' }).click();
      await expect(page).toHaveURL(/\/custom-quote$/);
      await page.getByLabel('First Name *').fill('Aroha');
      await page.getByLabel('Last Name *').fill('Thompson');
      await page.getByLabel('Email Address *').fill(unique('custom'));
      await page.getByLabel('Business Name *').fill('Bright Spark Electrical');
    },
    send: (page) => page.getByRole('button', { name: 'Submit Quote Request' }).click(),
    succeeded: 'Quote Request Submitted',
    failed: 'Submission Error',
    // The price calculator starts with no website; local SEO is 640 a month.
    events: [
      {
        name: 'lead',
        params: { form: 'custom-quote', value: 640, currency: 'NZD', setup_cost: 0, page: '/custom-quote' },
        // The id the server's conversion event carries too (decision 0095; consent.spec checks they match).
        eventId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      },
      {
        name: 'conversion',
        params: {
          event: 'quote',
          content_name: 'Custom Quote Request',
          content_category: 'Quote Submission',
          value: 640,
          currency: 'NZD',
          setup_cost: 0,
          monthly_cost: 640,
          business_name: 'Bright Spark Electrical',
        },
      },
    ],
  },
  {
    form: 'registration',
    api: '/api/register',
    fill: async (page) => {
      const username = `track${Date.now()}`;
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Email').fill(`${username}@example.nz`);
      await page.getByLabel('Password').fill('Kahikatea#2025');
    },
    send: (page) => page.getByRole('button', { name: 'Register' }).click(),
    succeeded: 'Registration successful',
    failed: 'Registration failed',
    events: [{ name: 'complete_registration', params: { role: 'client', page: '/auth' } }],
  },
];

const names = (c: FormCase) => [...new Set(c.events.map((e) => e.name))];

test.describe('conversion events of every form', () => {
  for (const c of CASES) {
    test(`${c.form}: sends ${names(c).join(' and ')} once, after a successful answer`, async ({ page }) => {
      await c.fill(page);
      await c.send(page);
      await expect(toast(page, c.succeeded)).toBeVisible();
      for (const expected of c.events) {
        await expect.poll(() => named(page, expected.name)).toEqual([expected]);
      }
    });

    test(`${c.form}: a failed submission (the API answering 500) sends none`, async ({ page }) => {
      // On whichever origin answers it: registration is the portal's (decision 0077).
      await page.route(`**${c.api}`, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server error"}' }),
      );
      await c.fill(page);
      await c.send(page);
      await expect(toast(page, c.failed)).toBeVisible();
      const sent = (await eventsOf(page)).map((e) => e.name);
      for (const name of names(c)) expect(sent).not.toContain(name);
    });
  }

  test('the opt-in sends a lead worth 1 NZD on success, none when it fails', async ({ page }) => {
    await page.goto('/real-talk-opt-in');
    const top = page.getByRole('form', { name: 'Get the free audio' }).first();
    await page.route('/api/opt-in', (route) => route.fulfill({ status: 500, body: '{"message":"down"}' }), {
      times: 1,
    });
    await top.getByLabel('First name').fill('Hemi');
    await top.getByLabel('Email').fill(unique('optin'));
    await top.getByRole('button', { name: 'Send Me the Free Audio' }).click();
    await expect(top.getByRole('alert')).toBeVisible();
    expect(await named(page, 'lead')).toEqual([]);
    await top.getByRole('button', { name: 'Send Me the Free Audio' }).click();
    await expect(page).toHaveURL(/\/real-talk-thank-you$/);
    expect(await named(page, 'lead')).toEqual([
      { name: 'lead', params: { form: 'real-talk-opt-in', currency: 'NZD', value: 1 } },
    ]);
  });
});

test.describe('calls to action', () => {
  test.beforeEach(async ({ context }) => {
    // The booking site opens in a new tab; keep it out of the test.
    await context.route(/calendly\.com/, (route) => route.fulfill({ status: 200, body: 'booking' }));
  });

  const CTAS = [
    ['/', 'Create My Online Quote', 'initiate_checkout', 'quote'],
    ['/', 'Book My Strategy Call', 'lead', 'consultation'],
    ['/faq', 'Get Your Quote', 'initiate_checkout', 'quote'],
    ['/price-calculator', 'Get Your Quote', 'initiate_checkout', 'quote'],
    ['/social-media-management', 'Calculate My Price', 'initiate_checkout', 'quote'],
    ['/real-talk-thank-you', 'Book My Call', 'lead', 'consultation'],
  ] as const;

  for (const [path, button, event, type] of CTAS) {
    test(`'${button}' on ${path} sends ${event} with the button and the page`, async ({ page }) => {
      await page.goto(path);
      await expect.poll(() => named(page, 'page_view')).toHaveLength(1); // the page's code has taken over
      const link = page.getByRole('link', { name: button }).first();
      const popup = (await link.getAttribute('target')) === '_blank' ? page.waitForEvent('popup') : null;
      await link.click();
      await (await popup)?.close();
      await expect
        .poll(() => named(page, event))
        .toEqual([
          expect.objectContaining({ params: expect.objectContaining({ cta_type: type, button, page: path }) }),
        ]);
    });
  }

  test('service pages count a content view, once', async ({ page }) => {
    await page.goto('/services/seo-optimization');
    await expect
      .poll(() => named(page, 'view_content'))
      .toEqual([
        {
          name: 'view_content',
          params: { content_type: 'service', content_id: 'seo-optimization', content_name: 'SEO Optimisation' },
        },
      ]);
  });

  test('the first thing typed in a form counts as its start, once', async ({ page }) => {
    await page.goto('/website-calculator');
    const form = page.getByRole('form', { name: 'Get this quote by email' });
    await form.getByLabel('Name').fill('Tama');
    await form.getByLabel('Email *').fill('tama@example.nz');
    expect(await named(page, 'form_start')).toEqual([
      { name: 'form_start', params: { form: 'Get this quote by email', path: '/website-calculator' } },
    ]);
  });
});
