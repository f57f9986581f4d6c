import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DailyFigures, FetchStatus } from '@agency/contracts';
import { renderWithHost, routeFetch } from '../../test-utils';
import { FIGURE_DAYS, nzDayBefore } from './api/get-daily-figures';
import { GoogleFiguresPanel } from './google-figures-panel';

const DAYS = `GET /api/admin/clients/7/google/days?from=${nzDayBefore(FIGURE_DAYS)}&to=${nzDayBefore(0)}`;
const FETCH = 'POST /api/admin/clients/7/google/fetch';

const status = (over: Partial<FetchStatus> = {}): FetchStatus => ({
  granted: true,
  ga4Property: 'properties/312000111',
  searchConsoleSite: 'sc-domain:client.example.nz',
  lastFetchAt: '2026-11-19T14:05:00.000Z',
  lastFetchedDay: '2026-11-19',
  backfillFrom: null,
  lastError: null,
  lastErrorAt: null,
  failures: 0,
  retryAt: null,
  ...over,
});

const day = (d: string, sessions: number): DailyFigures => ({
  day: d,
  sessions,
  totalUsers: 250,
  keyEvents: 12,
  organicSessions: 180,
  paidSessions: 40,
  clicks: 95,
  impressions: 3100,
  ctr: 0.0306,
  position: 8.44,
  topQueries: Array.from({ length: 7 }, (_, i) => ({
    key: `query ${i}`,
    clicks: 20 - i,
    impressions: 300,
    ctr: 0.06,
    position: 3,
  })),
  topPages: [{ key: 'https://client.example.nz/', clicks: 60, impressions: 1800, ctr: 0.033, position: 5.1 }],
  searchFinal: false,
  fetchedAt: '2026-11-19T14:05:00.000Z',
});

describe('Google figures panel', () => {
  it("shows last night's figures, the top five queries, and a quota error on the connection", async () => {
    routeFetch({
      [DAYS]: [
        200,
        {
          status: status({
            lastError:
              "Google's quota for GA4 property properties/312000111 is used up; retrying at Fri, 20 Nov 2026, 3:05 pm",
          }),
          days: [day('2026-11-18', 280), day('2026-11-19', 312)],
        },
      ],
    });
    renderWithHost(<GoogleFiguresPanel clientId={7} />);
    const lastNight = await screen.findByRole('region', { name: "Last night's figures" });
    expect(within(lastNight).getByText('Figures for 2026-11-19')).toBeInTheDocument();
    expect(within(lastNight).getByText('312')).toBeInTheDocument();
    expect(within(lastNight).getByText('3.1%')).toBeInTheDocument();
    expect(
      within(lastNight)
        .getAllByRole('listitem')
        .filter((li) => li.textContent?.startsWith('query')),
    ).toHaveLength(5);
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Google's quota for GA4 property properties/312000111 is used up",
    );
  });

  it('fetches now and reads the figures again', async () => {
    const calls = routeFetch({
      [DAYS]: [200, { status: status(), days: [day('2026-11-19', 312)] }],
      [FETCH]: [200, { message: 'Fetched the latest figures.', status: status() }],
    });
    renderWithHost(<GoogleFiguresPanel clientId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Fetch now' }));
    await waitFor(() => expect(calls.filter((c) => c.key === DAYS)).toHaveLength(2));
    expect(calls.filter((c) => c.key === FETCH)).toHaveLength(1);
    expect(await screen.findByText('Fetched the latest figures.')).toBeInTheDocument();
  });

  it('says when the client has no connection', async () => {
    routeFetch({ [DAYS]: [200, { status: null, days: [] }] });
    renderWithHost(<GoogleFiguresPanel clientId={7} />);
    expect(await screen.findByText('No Google connection for this client yet.')).toBeInTheDocument();
  });
});
