import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QUOTE_STORAGE_KEY, type SavedQuote } from '@agency/contracts';
import { expectToast, mockFetch, renderWithHost, SAVED_QUOTE } from '../../test-utils';
import { CustomQuotePage } from './custom-quote-page';

/** A saved quote as the price calculator writes it: storefront (1,198) and local SEO (640/month), 10% off. */
const SAVED: SavedQuote = {
  ...SAVED_QUOTE,
  appliedDiscount: { code: 'NEWCLIENT10', percentage: 10, amount: 137.77 },
  calculation: { ...SAVED_QUOTE.calculation, finalTotal: 1239.93, finalMonthly: 662.4 },
  totalMonthly: 662.4,
  setupCost: 1239.93,
};

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First Name *'), 'Aroha');
  await user.type(screen.getByLabelText('Last Name *'), 'Thompson');
  await user.type(screen.getByLabelText('Email Address *'), 'aroha@brightspark.nz');
  await user.type(screen.getByLabelText('Business Name *'), 'Bright Spark Electrical');
}

describe('custom quote page', () => {
  it("shows 'No Quote Data Found' when nothing is saved", () => {
    renderWithHost(<CustomQuotePage />, { path: '/custom-quote' });
    expect(screen.getByRole('heading', { name: 'No Quote Data Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Price Calculator' })).toHaveAttribute('href', '/price-calculator');
  });

  it("shows 'Error Loading Quote' and a toast when the saved quote is unreadable", () => {
    window.localStorage.setItem(QUOTE_STORAGE_KEY, '{broken');
    const { host } = renderWithHost(<CustomQuotePage />, { path: '/custom-quote' });
    expect(screen.getByRole('heading', { name: 'Error Loading Quote' })).toBeInTheDocument();
    expect(host.toast).toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive', title: 'Error' }));
  });

  it('shows the one-time total with GST, the discounted figures and the next steps', () => {
    window.localStorage.setItem(QUOTE_STORAGE_KEY, JSON.stringify(SAVED));
    renderWithHost(<CustomQuotePage />, { path: '/custom-quote' });
    expect(screen.getByTestId('custom-one-time')).toHaveTextContent('$1,377.70');
    expect(screen.getByTestId('custom-one-time-final')).toHaveTextContent('$1,239.93');
    expect(screen.getByTestId('custom-monthly')).toHaveTextContent('$662.40');
    expect(screen.getByRole('heading', { name: 'What happens next?' })).toBeInTheDocument();
  });

  it('submits the stored quote, removes it, records the conversion and goes home after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.localStorage.setItem(QUOTE_STORAGE_KEY, JSON.stringify(SAVED));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetch = mockFetch({ status: 201, body: { id: 'q1' } });
    document.cookie = '_ga=GA1.1.1234567890.1700000000; path=/';
    const { host } = renderWithHost(<CustomQuotePage />, { path: '/custom-quote' });
    await fillDetails(user);
    await fetch.sendHeld(
      () => user.click(screen.getByRole('button', { name: 'Submit Quote Request' })),
      'Submitting Quote Request...',
    );
    await expectToast(host, 'Quote Request Submitted');
    expect(window.localStorage.getItem(QUOTE_STORAGE_KEY)).toBeNull();
    expect(fetch.calls[0]).toMatchObject({
      path: '/api/submit-quote',
      body: { firstName: 'Aroha', businessName: 'Bright Spark Electrical', quoteDetails: SAVED },
    });
    // The monthly total excl. GST (the saved quote's calculation.monthlyTotal), as every quote's lead counts it.
    expect(host.track.mock.calls.map(([e]) => e)).toEqual([
      {
        name: 'lead',
        params: { form: 'custom-quote', value: 640, currency: 'NZD', setup_cost: 1198, page: '/' },
        eventId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      },
      expect.objectContaining({
        name: 'conversion',
        params: expect.objectContaining({
          event: 'quote',
          content_name: 'Custom Quote Request',
          content_category: 'Quote Submission',
          value: 640,
          currency: 'NZD',
          setup_cost: 1198,
          monthly_cost: 640,
          business_name: 'Bright Spark Electrical',
        }),
      }),
    ]);
    // The server's event carries the pixel's id, the page and GA's ids from its cookies (decision 0095).
    await waitFor(() => expect(fetch.calls[1]?.path).toBe('/api/conversions/track-event'));
    expect(fetch.calls[1]?.body).toMatchObject({
      eventType: 'lead',
      eventId: host.track.mock.calls[0]![0].eventId,
      eventSourceUrl: location.href,
      ga: { clientId: '1234567890.1700000000' },
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/custom-quote');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('stays on the form with the quote kept when sending fails', async () => {
    window.localStorage.setItem(QUOTE_STORAGE_KEY, JSON.stringify(SAVED));
    const user = userEvent.setup();
    mockFetch({ status: 500, body: { message: 'Internal error' } });
    const { host } = renderWithHost(<CustomQuotePage />, { path: '/custom-quote' });
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith(
        expect.objectContaining({ variant: 'destructive', title: 'Submission Error' }),
      ),
    );
    expect(window.localStorage.getItem(QUOTE_STORAGE_KEY)).not.toBeNull();
    expect(host.track).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Submit Quote Request' })).toBeEnabled();
    expect(screen.getByLabelText('First Name *')).toHaveValue('Aroha');
  });
});
