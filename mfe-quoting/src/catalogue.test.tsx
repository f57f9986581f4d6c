/**
 * The error catalogue and the conversion events of every lead form in one table (leads-and-quoting §7, §8;
 * site-and-accounts §7, §8): for each form, what a successful answer sends to analytics, and what a failed one
 * shows (title, text and fallback) while sending no event at all.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { QUOTE_STORAGE_KEY, type AnalyticsEvent } from '@agency/contracts';
import { ConsultationForm } from './features/consultation-form/consultation-form';
import { CustomQuotePage } from './features/custom-quote/custom-quote-page';
import { EnquiryForm } from './features/enquiry-form/enquiry-form';
import { SocialCalculator } from './features/social-media/social-calculator';
import { WebsiteCalculatorPage } from './features/website-calculator/website-calculator-page';
import { mockFetch, renderWithHost, SAVED_QUOTE } from './test-utils';

type User = ReturnType<typeof userEvent.setup>;

interface Row {
  form: string;
  ui: () => ReactElement;
  path?: string;
  fill: (user: User) => Promise<void>;
  button: string;
  success: AnalyticsEvent[];
  /** What a 500 with a JSON body shows, and what a network failure shows (the fallback). */
  failed: { title: string; description: string; network: string };
}

const type = async (user: User, label: string, text: string) => user.type(screen.getByLabelText(label), text);

const SAVED = SAVED_QUOTE;

const BODY = '{"message":"Something broke"}';

const ROWS: Row[] = [
  {
    form: 'home enquiry',
    ui: () => <EnquiryForm />,
    fill: async (user) => {
      await type(user, 'Business name *', 'Marsh Building');
      await type(user, 'Your name *', 'Dave Marsh');
      await type(user, 'Email *', 'dave@marsh.nz');
      await user.click(screen.getByLabelText('Website Design'));
    },
    button: 'Send My Enquiry',
    success: [{ name: 'contact', params: { form: 'contact-enquiry', value: 1, currency: 'NZD', page: '/' } }],
    // The failure in words: the server's sentence, or that the server could not be reached.
    failed: {
      title: 'Submission Failed',
      description: 'Something broke',
      network: 'We could not reach the server. Check your connection and try again.',
    },
  },
  {
    form: 'consultation',
    ui: () => <ConsultationForm service="seo-optimization" serviceRequested="SEO Optimisation" />,
    fill: async (user) => {
      await type(user, 'Business name *', 'Bright Spark');
      await type(user, 'Your name *', 'Aroha');
      await type(user, 'Email *', 'aroha@brightspark.nz');
      await type(user, 'Phone *', '021 555 0199');
      await type(user, 'Your biggest challenge right now *', 'Quiet winters');
    },
    button: 'Book My Free Consultation',
    success: [
      {
        name: 'schedule',
        params: { form: 'consultation', service: 'seo-optimization', value: 1, currency: 'NZD', page: '/' },
      },
    ],
    failed: {
      title: 'Submission Failed',
      description: 'Please try again or call us directly at 07 123 4567.',
      network: 'Please try again or call us directly at 07 123 4567.',
    },
  },
  {
    form: 'social quote',
    ui: () => <SocialCalculator />,
    fill: async (user) => {
      await user.selectOptions(screen.getByLabelText('Carousel posts per week'), '2');
      await type(user, 'Your name *', 'Mere');
      await type(user, 'Email *', 'mere@example.nz');
    },
    button: 'Send My Quote',
    // Carousel 2 a week on one platform: 180 a week, 720 a month excl. GST.
    success: [
      { name: 'lead', params: { form: 'social-quote', value: 720, currency: 'NZD', setup_cost: 0, page: '/' } },
    ],
    failed: {
      title: 'Submission Error',
      description: 'There was an error submitting your quote. Please try again.',
      network: 'There was an error submitting your quote. Please try again.',
    },
  },
  {
    form: 'custom quote',
    ui: () => <CustomQuotePage />,
    path: '/custom-quote',
    fill: async (user) => {
      window.localStorage.setItem(QUOTE_STORAGE_KEY, JSON.stringify(SAVED));
      await type(user, 'First Name *', 'Aroha');
      await type(user, 'Last Name *', 'Thompson');
      await type(user, 'Email Address *', 'aroha@brightspark.nz');
      await type(user, 'Business Name *', 'Bright Spark');
    },
    button: 'Submit Quote Request',
    success: [
      {
        name: 'lead',
        // `page` is the browser's path (jsdom stays at '/' under a memory router).
        params: { form: 'custom-quote', value: 640, currency: 'NZD', setup_cost: 1198, page: '/' },
        // The conversion's id, which the server's event carries too (decision 0095).
        eventId: expect.any(String) as string,
      },
      expect.objectContaining({ name: 'conversion' }) as AnalyticsEvent,
    ],
    failed: {
      title: 'Submission Error',
      description: 'Failed to submit quote request. Please try again or contact us directly.',
      network: 'Failed to submit quote request. Please try again or contact us directly.',
    },
  },
];

describe.each(ROWS)('$form form', (row) => {
  async function submitWith(answer: Parameters<typeof mockFetch>[0]) {
    const user = userEvent.setup();
    if (row.path === '/custom-quote') window.localStorage.setItem(QUOTE_STORAGE_KEY, JSON.stringify(SAVED));
    mockFetch(answer, { status: 200, body: { message: 'ok' } });
    const view = renderWithHost(row.ui(), { path: row.path });
    await screen.findByRole('button', { name: row.button });
    await row.fill(user);
    await user.click(screen.getByRole('button', { name: row.button }));
    return view;
  }

  it('sends its conversion events once, after a successful answer', async () => {
    const { host } = await submitWith({ status: 201, body: { success: true, id: 1 } });
    await waitFor(() => expect(host.track).toHaveBeenCalled());
    expect(host.track.mock.calls.map(([e]) => e)).toEqual(row.success);
  });

  it.each([
    ['a 500', { status: 500, body: JSON.parse(BODY) as unknown }, 'description'],
    ['a network failure', 'network-error' as const, 'network'],
  ] as const)('shows its failure toast after %s and sends no event', async (_label, answer, which) => {
    const { host } = await submitWith(answer);
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: row.failed.title,
        description: row.failed[which],
      }),
    );
    expect(host.track).not.toHaveBeenCalled();
  });
});

describe('website quote form', () => {
  async function send(answer: Parameters<typeof mockFetch>[0]) {
    const user = userEvent.setup();
    mockFetch(answer);
    const view = renderWithHost(<WebsiteCalculatorPage />);
    await user.click(screen.getByRole('checkbox', { name: /Monthly support and tuning/ }));
    await type(user, 'Email *', 'tama@example.nz');
    await type(user, 'Phone *', '021 555 0101');
    await user.click(screen.getByRole('button', { name: 'Email Me This Quote' }));
    await screen.findByTestId('quote-price-text');
    return view;
  }

  it.each([
    [
      'the server stores it',
      { status: 200, body: { success: true, id: 1, message: 'ok', pricing: {} } },
      { title: 'Quote Generated Successfully!' },
      // Storefront 1,198 one-time, chatbot support 99 a month: a lead worth the monthly 99 excl. GST.
      [{ name: 'lead', params: { form: 'website-quote', value: 99, currency: 'NZD', setup_cost: 1198, page: '/' } }],
    ],
    [
      'the server does not report success',
      { status: 200, body: { success: false, message: '', pricing: {} } },
      {
        variant: 'destructive',
        title: 'Quote Not Sent',
        description:
          "We couldn't send your quote: the connection or our server failed. Your price is below; try again, or contact us directly.",
      },
      [],
    ],
    [
      'the server answers 500',
      { status: 500, body: { message: 'down' } },
      {
        variant: 'destructive',
        title: 'Quote Not Sent',
        description:
          "We couldn't send your quote: the connection or our server failed. Your price is below; try again, or contact us directly.",
      },
      [],
    ],
    ['the network fails', 'network-error' as const, { variant: 'destructive', title: 'Quote Not Sent' }, []],
  ] as const)('when %s: its toast, and a lead only for a stored quote', async (_label, answer, shown, events) => {
    const { host } = await send(answer);
    await waitFor(() => expect(host.toast).toHaveBeenCalledWith(expect.objectContaining(shown)));
    expect(host.track.mock.calls.map(([e]) => e)).toEqual(events);
  });
});
