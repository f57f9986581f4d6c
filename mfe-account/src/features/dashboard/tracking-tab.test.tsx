import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TrackingSummary, User } from '@agency/contracts';
import { renderWithHost, routeFetch } from '../../test-utils';
import { DashboardPage } from './dashboard-page';

const TRACKING = 'GET /api/admin/tracking';
const admin: User = { id: 2, username: 'tama', email: 'tama@example.nz', role: 'admin' };
// The staff panels are a lazy chunk: on a busy machine its first import takes seconds.
const LAZY = { timeout: 30_000 };

const idle = { sent: 0, refused: 0, waiting: 0, dead: 0, lastSentAt: null, matchQuality: null };
const summary: TrackingSummary = {
  days: 7,
  platforms: [
    {
      platform: 'meta',
      configured: true,
      sent: 12,
      refused: 1,
      waiting: 2,
      dead: 0,
      lastSentAt: 1764370800000,
      matchQuality: 6.4,
    },
    { platform: 'ga4', configured: false, ...idle },
  ],
  recent: [
    {
      id: 9,
      platform: 'meta',
      eventName: 'Lead',
      eventId: '0b7c6d3e-1f2a-4b5c-9d8e-7f6a5b4c3d2e',
      state: 'refused',
      attempts: 1,
      reason: '<b>Invalid parameter</b>: event_time too old',
      createdAt: 1764370800000,
      nextAt: null,
    },
  ],
};

function openTracking(answer: TrackingSummary) {
  routeFetch({ [TRACKING]: [200, answer] });
  const { host } = renderWithHost(<DashboardPage />, { url: '/dashboard' });
  act(() => host.session.setState({ user: admin, status: 'authenticated', fetchedAt: Date.now() }));
  return screen.findByRole('tab', { name: 'Tracking' }).then((tab) => userEvent.click(tab));
}

describe('the Tracking tab', () => {
  it('shows each platform by state over the last 7 days, and the newest deliveries with the platform’s words as text', async () => {
    await openTracking(summary);
    const meta = await screen.findByRole('region', { name: 'Meta' }, LAZY);
    expect(meta).toHaveTextContent('Configured');
    expect(meta).toHaveTextContent('Sent12');
    expect(meta).toHaveTextContent('Refused1');
    expect(meta).toHaveTextContent('Waiting2');
    expect(meta).toHaveTextContent('Last 7 days');
    expect(meta).toHaveTextContent('Match quality6.4 of 10');
    const ga = screen.getByRole('region', { name: 'Google Analytics 4' });
    expect(ga).toHaveTextContent('Not configured');
    expect(ga).toHaveTextContent('Last sentNever');
    expect(ga).not.toHaveTextContent('Match quality');

    const table = screen.getByRole('table', { name: 'Server-side conversion events, newest first' });
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('Lead');
    expect(row).toHaveTextContent('0b7c6d3e-1f2a-4b5c-9d8e-7f6a5b4c3d2e');
    expect(row).toHaveTextContent('Refused');
    expect(row).toHaveTextContent('<b>Invalid parameter</b>: event_time too old');
    expect(row!.querySelector('b')).toBeNull();
    // A phone scrolls the table inside its own focusable region, not the page.
    expect(screen.getByRole('region', { name: 'Newest deliveries' })).toHaveAttribute('tabindex', '0');
  });

  it('says so when no platform is configured', async () => {
    await openTracking({
      days: 7,
      platforms: [
        { platform: 'meta', configured: false, ...idle },
        { platform: 'ga4', configured: false, ...idle },
      ],
      recent: [],
    });
    expect(await screen.findByText(/No ad platform is configured/, undefined, LAZY)).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
