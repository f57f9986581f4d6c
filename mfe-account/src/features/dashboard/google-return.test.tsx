/**
 * Google's return to the dashboard (decision 0093): the state and code are handed to the gateway once, the client
 * they were for opens in the Clients tab, and a toast says how it went.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@agency/contracts';
import { renderWithHost, routeFetch } from '../../test-utils';
import { DashboardPage } from './dashboard-page';

const staff: User = { id: 2, username: 'whetu', email: 'whetu@example.nz', role: 'admin' };
const aroha = { id: 9, username: 'aroha', email: 'aroha@example.nz', createdAt: '2026-01-01T00:00:00.000Z' };
const clients = { items: [aroha], total: 1, page: 1, pageSize: 20 };
const connection = {
  connectedAt: '2026-11-29T08:00:00.000Z',
  connectedBy: 'whetu',
  scopes: [],
  granted: true,
  ga4Property: null,
  searchConsoleSite: null,
  lastFetchAt: null,
  lastFetchedDay: null,
  backfillFrom: null,
  lastError: null,
  lastErrorAt: null,
  retryAt: null,
};

function open(url: string) {
  const view = renderWithHost(<DashboardPage />, { url });
  act(() => view.host.session.setState({ user: staff, status: 'authenticated', fetchedAt: Date.now() }));
  return view;
}

describe("Google's return to the dashboard", () => {
  it('finishes the round trip once, opens the client in the Clients tab, and says it is connected', async () => {
    const calls = routeFetch({
      'POST /api/admin/google/callback': [
        200,
        { clientId: 9, connected: true, message: 'Google connected for aroha.' },
      ],
      'GET /api/admin/clients?page=1': [200, clients],
      'GET /api/admin/clients/9/google': [200, { configured: true, connection }],
      'GET /api/admin/clients/9/google/sources': [200, { properties: [], sites: [] }],
    });
    const { host } = open('/dashboard?code=4%2Fabc&state=s1&scope=x');
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Google connected',
        description: 'Google connected for aroha.',
      }),
    );
    expect(calls.filter((c) => c.key === 'POST /api/admin/google/callback')).toEqual([
      { key: 'POST /api/admin/google/callback', body: { state: 's1', code: '4/abc' }, contentType: undefined },
    ]);
    expect(await screen.findByRole('tab', { name: 'Clients', selected: true })).toBeVisible();
    expect(await screen.findByRole('button', { name: /aroha/, current: true }, { timeout: 15_000 })).toBeVisible();
    expect(await screen.findByText(/^Connected by whetu on /)).toBeVisible();
  });

  it('says the refusal when Google sent an error instead of a code', async () => {
    routeFetch({
      'POST /api/admin/google/callback': [
        200,
        { clientId: 9, connected: false, message: 'Google access was not granted for aroha: nothing was connected.' },
      ],
      'GET /api/admin/clients?page=1': [200, clients],
      'GET /api/admin/clients/9/google': [200, { configured: true, connection: null }],
    });
    const { host } = open('/dashboard?error=access_denied&state=s2');
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: 'Google not connected',
        description: 'Google access was not granted for aroha: nothing was connected.',
      }),
    );
    expect(await screen.findByText('Not connected.', {}, { timeout: 15_000 })).toBeVisible();
  });
});
