import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPublicConfig, type PublicRuntimeConfig } from '@agency/contracts';
import { createSessionStore, type ToastInput, HostProvider, type HostApi } from '@agency/contracts/client';

const host = vi.hoisted(() => ({
  session: null as unknown as ReturnType<typeof createSessionStore>,
  config: null as unknown as PublicRuntimeConfig,
}));
const toasts = vi.hoisted(() => [] as ToastInput[]);
vi.mock('../../host-api', () => ({ hostApi: host }));
vi.mock('../toasts/toast-store', () => ({ toast: (t: ToastInput) => toasts.push(t) }));
const { AuthControls } = await import('./auth-controls');

const user = { id: 1, username: 'aroha', email: 'a@b.nz', role: 'client' };
const portal: PublicRuntimeConfig = { ...defaultPublicConfig, site: 'portal' };

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/** A browser signed in on the portal (it holds the hint) whose logout call gets `logout`. */
function signedIn(logout: () => Promise<Response>) {
  host.config = portal;
  const fetchImpl = vi.fn(async (path: RequestInfo | URL, init?: RequestInit) =>
    init?.method === 'POST' && String(path) === '/api/logout' ? logout() : new Response(JSON.stringify(user)),
  );
  host.session = createSessionStore(fetchImpl as unknown as typeof fetch, {
    present: () => true,
    ended: () => false,
    clear: () => {},
    markEnded: () => {},
  });
  render(
    <HostProvider host={host as unknown as HostApi}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <AuthControls />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </HostProvider>,
  );
}

afterEach(() => {
  document.cookie = 'signed-in=; Max-Age=0; Path=/';
  vi.restoreAllMocks();
});

describe("'Logout failed' (site-and-accounts §8: the error message)", () => {
  it.each([
    [
      "a failed answer: the server's sentence",
      async () => new Response('{"message":"The sign-out service is down."}', { status: 503 }),
      'The sign-out service is down.',
    ],
    [
      'a call that never got an answer: in words',
      async () => {
        throw new TypeError('Failed to fetch');
      },
      'We could not reach the server. Check your connection and try again.',
    ],
  ])('%s', async (_label, logout, description) => {
    toasts.length = 0;
    signedIn(logout);
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(toasts).toEqual([{ variant: 'destructive', title: 'Logout failed', description }]));
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
  });
});

describe('the header on the public site and on the portal (decision 0077)', () => {
  /** The public site's shell: its session store never asks (the session is the portal's). */
  function publicSite() {
    host.config = defaultPublicConfig;
    const fetchImpl = vi.fn();
    host.session = createSessionStore(fetchImpl as unknown as typeof fetch, {
      present: () => false,
      ended: () => false,
      clear: () => {},
      markEnded: () => {},
    });
    render(
      <HostProvider host={host as unknown as HostApi}>
        <MemoryRouter>
          <AuthControls />
        </MemoryRouter>
      </HostProvider>,
    );
    return fetchImpl;
  }

  it('links a signed-out visitor of the public site to the portal’s sign-in', async () => {
    const fetchImpl = publicSite();
    expect(await screen.findByRole('link', { name: 'Client Login' })).toHaveAttribute(
      'href',
      'http://portal.localhost:8787/auth',
    );
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('shows the portal’s Dashboard to a visitor whose public hint says signed in, without asking anyone', async () => {
    document.cookie = 'signed-in=1; Path=/';
    const fetchImpl = publicSite();
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      'http://portal.localhost:8787/dashboard',
    );
    // Signing out is the portal's, where the session is.
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('signs out on the portal and leaves for the public home page, which says so', async () => {
    signedIn(async () => new Response('{"message":"Logged out"}'));
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    // The public site's home, with the marker its shell turns into the toast (the router leaves for it).
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/?signed-out'));
  });
});
