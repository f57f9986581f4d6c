import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../../test-utils';
import { HomeHero } from './home-hero';

describe('home hero', () => {
  afterEach(() => vi.useRealTimers());

  it('fades in 100 ms after mount and links to the quote and the configured booking page', () => {
    vi.useFakeTimers();
    const { host } = renderWithHost(<HomeHero />);
    const hero = screen.getByTestId('home-hero');
    expect(hero).toHaveClass('opacity-0');
    act(() => vi.advanceTimersByTime(99));
    expect(hero).toHaveClass('opacity-0');
    act(() => vi.advanceTimersByTime(1));
    expect(hero).toHaveClass('opacity-100');

    expect(screen.getByRole('link', { name: 'Create My Online Quote' })).toHaveAttribute('href', '/price-calculator');
    const booking = screen.getByRole('link', { name: /Book My Strategy Call/ });
    expect(booking).toHaveAttribute('href', 'https://booking.example/agency');
    expect(booking).toHaveAttribute('target', '_blank');
    booking.click();
    expect(host.track).toHaveBeenCalledWith({ name: 'schedule', params: { source: 'home-hero', service: undefined } });
  });
});
