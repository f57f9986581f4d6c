import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Link, MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NavigationReset } from './navigation-reset';

function renderAt(path: string) {
  window.scrollTo = vi.fn();
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <NavigationReset />
        <Link to="/faq">FAQ</Link>
        <main id="main" tabIndex={-1}>
          content
        </main>
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('NavigationReset', () => {
  it('leaves focus and scroll alone on the first load, even when StrictMode runs effects twice', () => {
    renderAt('/');
    expect(document.activeElement).toBe(document.body);
    // A server-rendered page may already have been scrolled (or sit at its #anchor) when it hydrates.
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('moves focus to the main region and scrolls to the top after a client-side navigation', async () => {
    renderAt('/');
    await userEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});
