import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../test-utils';
import { LeadEngineOfferPage } from './lead-engine-offer-page';

describe('lead engine offer page', () => {
  it('crosses out the normal price against the early-client price, from the contracts table', () => {
    renderWithHost(<LeadEngineOfferPage />);
    expect(screen.getByTestId('normal-price').tagName).toBe('S');
    expect(screen.getByTestId('normal-price')).toHaveTextContent('$6,500 + GST');
    expect(screen.getByTestId('early-price')).toHaveTextContent('$2,495');
    expect(screen.getByText(/Over 60% off/)).toBeInTheDocument();
    expect(document.getElementById('cta-form')).not.toBeNull();
  });

  it('tracks the view once and every discovery-call click at the offer value', () => {
    const { host } = renderWithHost(<LeadEngineOfferPage />);
    expect(host.track).toHaveBeenCalledWith({
      name: 'view_content',
      params: expect.objectContaining({ value: 2495, currency: 'NZD' }),
    });
    const calls = screen.getAllByRole('link', { name: 'Book My Free Discovery Call' });
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (const link of calls) {
      expect(link).toHaveAttribute('href', 'https://booking.example/agency');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    fireEvent.click(calls.at(-1)!);
    expect(host.track).toHaveBeenCalledWith({
      name: 'call_booking_click',
      params: expect.objectContaining({ source: 'cta-form', value: 2495 }),
    });
    expect(host.track).toHaveBeenCalledWith({
      name: 'initiate_checkout',
      params: expect.objectContaining({ value: 2495, currency: 'NZD', button: 'Book My Free Discovery Call' }),
    });
    // The view once, then the click's two events: nothing else.
    expect(host.track).toHaveBeenCalledTimes(3);
  });

  it('offers a 30-minute discovery call, never 20', () => {
    renderWithHost(<LeadEngineOfferPage />);
    expect(screen.getByText(/Book a free 30-minute discovery call/)).toBeInTheDocument();
    expect(screen.getByText(/Thirty minutes on your trade/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/20-minute|Twenty minutes/);
  });
});
