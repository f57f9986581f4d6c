import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { QUOTE_STORAGE_KEY, SavedQuoteSchema } from '@agency/contracts';
import { mockFetch, renderWithHost } from '../../test-utils';
import { PriceCalculatorPage } from './price-calculator-page';

const estimate = () => within(screen.getByRole('complementary', { name: 'Your estimate' }));
const saved = () => SavedQuoteSchema.parse(JSON.parse(window.localStorage.getItem(QUOTE_STORAGE_KEY) ?? 'null'));

describe('price calculator', () => {
  it('orders recommended platforms by business type and saves the quote as options change', async () => {
    const user = userEvent.setup();
    renderWithHost(<PriceCalculatorPage />);
    await user.click(screen.getByRole('radio', { name: /Local business/ }));
    expect(screen.getByText(/Recommended for you:/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /No website/ }));
    await user.selectOptions(screen.getByLabelText('SEO service'), 'local');
    // Local SEO 640 + default 3 static posts on one platform.
    expect(saved()).toMatchObject({
      businessType: 'local',
      websitePackage: 'none',
      seoServices: { seoServices: 'local' },
      appliedDiscount: null,
    });
    expect(estimate().getByTestId('monthly-excl').textContent).toBe(
      `$${saved().calculation.monthlyTotal.toLocaleString('en-NZ', { minimumFractionDigits: 2 })}`,
    );
  });

  it('applies a server-validated discount code to the GST-inclusive totals and keeps it in the saved quote', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(
      { status: 404, body: { message: 'Unknown discount code' } },
      { body: { code: 'SUMMER15', percentage: 15 } },
    );
    const { host } = renderWithHost(<PriceCalculatorPage />);
    await user.click(screen.getByRole('radio', { name: /No website/ }));
    await user.selectOptions(screen.getByLabelText('Static posts per week'), 'none');
    await user.selectOptions(screen.getByLabelText('SEO service'), 'local');
    expect(estimate().getByTestId('monthly-incl')).toHaveTextContent('$736.00');

    await user.click(estimate().getByRole('button', { name: 'Have a discount code?' }));
    // The code's form comes in its own chunk once opened.
    await user.type(await estimate().findByRole('textbox', { name: 'Discount code' }), 'nope');
    await user.click(estimate().getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: 'Invalid Code',
        description: 'Please enter a valid discount code.',
      }),
    );
    expect(estimate().queryByTestId('monthly-final')).not.toBeInTheDocument();

    await user.clear(estimate().getByRole('textbox', { name: 'Discount code' }));
    await user.type(estimate().getByRole('textbox', { name: 'Discount code' }), 'summer15');
    await user.click(estimate().getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Discount Applied',
        description: '15% discount applied successfully!',
      }),
    );
    expect(fetch.calls[1]).toEqual({ path: '/api/discount-codes/validate', body: { code: 'SUMMER15' } });
    // 640 + 15% GST = 736.00; less 15% = 625.60.
    expect(estimate().getByTestId('monthly-final')).toHaveTextContent('$625.60');
    expect(estimate().queryByRole('textbox', { name: 'Discount code' })).not.toBeInTheDocument();
    expect(saved()).toMatchObject({ appliedDiscount: { code: 'SUMMER15', percentage: 15 }, totalMonthly: 625.6 });
  });

  it('starts from a quote saved earlier in this browser', async () => {
    renderWithHost(<PriceCalculatorPage />);
    // The fresh quote is saved once the page has found none to start from.
    await waitFor(() => expect(window.localStorage.getItem(QUOTE_STORAGE_KEY)).not.toBeNull());
    const first = saved();
    window.localStorage.setItem(
      QUOTE_STORAGE_KEY,
      JSON.stringify({ ...first, websitePackage: 'booking', metaAdsPackage: 'growth' }),
    );
    renderWithHost(<PriceCalculatorPage />);
    await waitFor(() => expect(screen.getAllByLabelText('Management package').at(-1)).toHaveValue('growth'));
  });
});
