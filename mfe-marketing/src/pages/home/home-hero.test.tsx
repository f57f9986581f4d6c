import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, defaultPublicConfig, type HostApi } from '@agency/contracts';
import { HostProvider } from '../../host-context';
import { HomeHero } from './home-hero';

const host: HostApi = {
  config: { ...defaultPublicConfig, bookingUrl: 'https://booking.example/agency' },
  toast: () => undefined,
  track: () => undefined,
  loadRemote: () => Promise.reject(new Error('not in test')),
  session: createSessionStore(),
};

describe('home hero', () => {
  afterEach(() => vi.useRealTimers());

  it('fades in 100 ms after mount and links to the quote and the configured booking page', () => {
    vi.useFakeTimers();
    render(
      <MemoryRouter>
        <HostProvider host={host}>
          <HomeHero />
        </HostProvider>
      </MemoryRouter>,
    );
    const hero = screen.getByTestId('home-hero');
    expect(hero).toHaveClass('opacity-0');
    act(() => vi.advanceTimersByTime(99));
    expect(hero).toHaveClass('opacity-0');
    act(() => vi.advanceTimersByTime(1));
    expect(hero).toHaveClass('opacity-100');

    expect(screen.getByRole('link', { name: 'Create My Online Quote' })).toHaveAttribute('href', '/price-calculator');
    const booking = screen.getByRole('link', { name: 'Book My Strategy Call' });
    expect(booking).toHaveAttribute('href', 'https://booking.example/agency');
    expect(booking).toHaveAttribute('target', '_blank');
  });
});
