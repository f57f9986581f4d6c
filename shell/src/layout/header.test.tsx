import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultPublicConfig, SERVICES } from '@agency/contracts';
import { createSessionStore, HostProvider, type HostApi } from '@agency/contracts/client';

const host = vi.hoisted(() => ({
  session: null as unknown as ReturnType<typeof createSessionStore>,
  config: null as unknown as typeof defaultPublicConfig,
}));
host.config = defaultPublicConfig;
vi.mock('../host-api', () => ({ hostApi: host }));
const { Header } = await import('./header');

/** A controllable `(min-width: 768px)` media query. */
function mockViewport(wide: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: wide,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  window.matchMedia = vi.fn(() => query) as unknown as typeof window.matchMedia;
  return {
    widen: () => {
      query.matches = true;
      listeners.forEach((fn) => fn());
    },
  };
}

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderHeader() {
  host.session = createSessionStore(vi.fn(async () => new Response('{}', { status: 401 })) as unknown as typeof fetch);
  render(
    <HostProvider host={host as unknown as HostApi}>
      <MemoryRouter initialEntries={['/']}>
        <Header />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </HostProvider>,
  );
}

describe('header mobile menu', () => {
  beforeEach(() => {
    window.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });

  it('opens full screen with Home, the six services, the other links and the login control', async () => {
    mockViewport(false);
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog');
    const nav = within(menu).getByRole('navigation', { name: 'Mobile' });
    for (const name of [
      'Home',
      ...SERVICES.map((s) => s.name),
      'View All Services',
      'Price Calculator',
      'About Us',
      'How We Work',
      'FAQ',
      'Blog',
      'Client Login',
    ]) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it('closes when a link is opened, and navigates there', async () => {
    mockViewport(false);
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'FAQ' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('path')).toHaveTextContent('/faq');
  });

  it('closes when the screen widens past 768 px', async () => {
    const viewport = mockViewport(false);
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => viewport.widen());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape and gives focus back to the menu button', async () => {
    mockViewport(false);
    renderHeader();
    const button = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(button);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });
});

describe('header services menu', () => {
  it('lists the six services with their taglines and View All Services', async () => {
    mockViewport(true);
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: /Services/ }));
    for (const s of SERVICES) {
      const link = await screen.findByRole('link', { name: new RegExp(s.name.replace(/[()&]/g, '.')) });
      expect(link).toHaveAttribute('href', `/services/${s.slug}`);
      expect(link).toHaveTextContent(s.tagline);
    }
    expect(screen.getByRole('link', { name: /View All Services/ })).toHaveAttribute('href', '/services');
  });
});

describe('header main links', () => {
  it('have class names, not a function written out, and mark the page shown and the pages below it', async () => {
    mockViewport(true);
    host.session = createSessionStore(
      vi.fn(async () => new Response('{}', { status: 401 })) as unknown as typeof fetch,
    );
    render(
      <HostProvider host={host as unknown as HostApi}>
        <MemoryRouter initialEntries={['/blog/some-post']}>
          <Header />
        </MemoryRouter>
      </HostProvider>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const blog = within(nav).getByRole('link', { name: 'Blog' });
    const faq = within(nav).getByRole('link', { name: 'FAQ' });
    for (const link of [blog, faq]) expect(link.getAttribute('class')).not.toMatch(/=>|isActive/);
    expect(blog).toHaveAttribute('aria-current', 'page');
    expect(blog).toHaveClass('text-brand-700');
    expect(faq).not.toHaveAttribute('aria-current');
    expect(faq).toHaveClass('text-slate-700');
  });
});
