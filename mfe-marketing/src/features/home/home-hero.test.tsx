import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../test-utils';
import { HomeHero } from './home-hero';

describe('home hero', () => {
  it('fades in by CSS (timing checked in a browser by server-render.spec) and links to the quote and the booking page', () => {
    const { host } = renderWithHost(<HomeHero />);
    expect(screen.getByTestId('home-hero')).toHaveClass('motion-safe:animate-hero-fade-in');

    expect(screen.getByRole('link', { name: 'Create My Online Quote' })).toHaveAttribute('href', '/price-calculator');
    const booking = screen.getByRole('link', { name: /Book My Strategy Call/ });
    expect(booking).toHaveAttribute('href', 'https://booking.example/agency');
    expect(booking).toHaveAttribute('target', '_blank');
    booking.click();
    // A consultation call to action is a lead (site-and-accounts §7), naming the button and the page.
    expect(host.track).toHaveBeenCalledWith({
      name: 'lead',
      params: {
        cta_type: 'consultation',
        button: 'Book My Strategy Call',
        page: '/',
        source: 'home-hero',
        service: undefined,
      },
    });
    screen.getByRole('link', { name: 'Create My Online Quote' }).click();
    expect(host.track).toHaveBeenLastCalledWith({
      name: 'initiate_checkout',
      params: { cta_type: 'quote', button: 'Create My Online Quote', page: '/', destination: '/price-calculator' },
    });
  });
});
