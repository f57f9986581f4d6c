import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createSessionStore, type ToastInput } from '@agency/contracts/client';

const host = vi.hoisted(() => ({ session: null as unknown as ReturnType<typeof createSessionStore> }));
const toasts = vi.hoisted(() => [] as ToastInput[]);
vi.mock('../../host-api', () => ({ hostApi: host }));
vi.mock('../toasts/toast-store', () => ({ toast: (t: ToastInput) => toasts.push(t) }));
const { AuthControls } = await import('./auth-controls');

const user = { id: 1, username: 'aroha', email: 'a@b.nz', role: 'client' };

/** A signed-in browser (it holds the hint) whose logout call gets `logout`. */
function signedIn(logout: () => Promise<Response>) {
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
    <MemoryRouter>
      <AuthControls />
    </MemoryRouter>,
  );
}

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
