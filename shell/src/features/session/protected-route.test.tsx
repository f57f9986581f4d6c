import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, HostProvider, type HostApi } from '@agency/contracts/client';

const host = vi.hoisted(() => ({ session: null as unknown as ReturnType<typeof createSessionStore> }));
vi.mock('../../host-api', () => ({ hostApi: host }));
const { ProtectedRoute } = await import('./protected-route');

/**
 * A session endpoint answering from a list, one answer per read (the last repeats), in a browser that holds the
 * `signed-in` hint (without it the store asks nothing: see the last test).
 */
function sessionAnswers(...answers: [number, unknown][]) {
  const fetchImpl = vi.fn(async () => {
    const [status, body] = answers.length > 1 ? answers.shift()! : answers[0]!;
    return new Response(JSON.stringify(body), { status });
  });
  host.session = createSessionStore(fetchImpl as unknown as typeof fetch, {
    present: () => true,
    ended: () => false,
    clear: () => {},
    markEnded: () => {},
  });
  return fetchImpl;
}

function SignIn() {
  const { search } = useLocation();
  return <h1>Sign in {search}</h1>;
}

function renderAt(roles: readonly ('client' | 'admin' | 'master_admin')[], at = '/dashboard') {
  render(
    <HostProvider host={host as unknown as HostApi}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/" element={<h1>Home</h1>} />
          <Route path="/auth" element={<SignIn />} />
          <Route
            path="/dashboard"
            element={
              <ProtectedRoute roles={roles}>
                <h1>Dashboard</h1>
              </ProtectedRoute>
            }
          />
        </Routes>
      </MemoryRouter>
    </HostProvider>,
  );
}

afterEach(() => vi.useRealTimers());

describe('ProtectedRoute', () => {
  it("shows 'Checking authentication...' and then the page for an allowed role", async () => {
    sessionAnswers([200, { id: 1, username: 'aroha', email: 'a@b.nz', role: 'client' }]);
    renderAt(['client', 'admin', 'master_admin']);
    expect(screen.getByRole('status')).toHaveTextContent('Checking authentication...');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('re-reads the session once after 100 ms; a session that ended (its hint outlived it) goes to sign-in and back', async () => {
    const fetchImpl = sessionAnswers([401, { message: 'Not authenticated' }]);
    renderAt(['client'], '/dashboard?tab=files');
    expect(await screen.findByText('Synchronizing...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: `Sign in ?next=${encodeURIComponent('/dashboard?tab=files')}` }),
    ).toBeInTheDocument();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('lets in a user found by the re-read (a session that was still settling)', async () => {
    sessionAnswers([401, {}], [200, { id: 1, username: 'aroha', email: 'a@b.nz', role: 'admin' }]);
    renderAt(['admin']);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('sends a user whose role is not allowed home', async () => {
    sessionAnswers([200, { id: 1, username: 'aroha', email: 'a@b.nz', role: 'client' }]);
    renderAt(['admin', 'master_admin']);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('sends a browser holding the ended mark (a reload after the session ended) to sign-in and back, without asking the API', async () => {
    const fetchImpl = vi.fn();
    host.session = createSessionStore(fetchImpl as unknown as typeof fetch, {
      present: () => false,
      ended: () => true,
      clear: () => {},
      markEnded: () => {},
    });
    renderAt(['client'], '/dashboard?tab=files');
    expect(
      await screen.findByRole('heading', { name: `Sign in ?next=${encodeURIComponent('/dashboard?tab=files')}` }),
    ).toBeInTheDocument();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('sends a visitor without the signed-in hint home without asking the API', async () => {
    const fetchImpl = vi.fn();
    host.session = createSessionStore(fetchImpl as unknown as typeof fetch, {
      present: () => false,
      ended: () => false,
      clear: () => {},
      markEnded: () => {},
    });
    renderAt(['client']);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
