/**
 * The dashboard's server state (decision 0030): each read once while fresh, writes refresh what they change, a
 * malformed answer is a handled error, and nothing one account read is shown to the next.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@agency/contracts';
import { renderWithHost, routeFetch } from '../../test-utils';
import { ReportsPanel } from '../reports/reports-panel';
import { DashboardPage } from './dashboard-page';

const client: User = { id: 5, username: 'aroha', email: 'aroha@example.nz', role: 'client' };
const report = {
  id: 31,
  clientId: 5,
  status: 'published',
  reportDate: '2026-10-01',
  websiteTraffic: 1200,
  conversions: 14,
  previous: null,
};
const page = (items: unknown[], pageSize = 20) => ({ items, total: items.length, page: 1, pageSize });
const metrics = { metrics: { id: 1, userId: 5, date: '2026-10-31', seo: { Rank: 4 }, smm: null, sem: null } };

function signIn(host: ReturnType<typeof renderWithHost>['host'], user: User | null) {
  act(() => host.session.setState({ user, status: user ? 'authenticated' : 'unauthenticated', fetchedAt: Date.now() }));
}
const count = (calls: { key: string }[], key: string) => calls.filter((c) => c.key === key).length;

describe('dashboard server state', () => {
  it('reads each panel once while fresh: switching tabs back shows what it read, without asking again', async () => {
    const calls = routeFetch({
      'GET /api/reports?pageSize=1': [200, page([report], 1)],
      'GET /api/metrics/latest': [200, metrics],
      'GET /api/files?page=1': [200, page([])],
    });
    const { host } = renderWithHost(<DashboardPage />, { url: '/dashboard' });
    signIn(host, client);
    expect(await screen.findByRole('heading', { name: 'Last month (October 2026)' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Latest metrics (31 October 2026)' })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Files' }));
    expect(await screen.findByText('No files yet.')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(screen.getByRole('heading', { name: 'Last month (October 2026)' })).toBeVisible();
    expect(count(calls, 'GET /api/reports?pageSize=1')).toBe(1);
    expect(count(calls, 'GET /api/metrics/latest')).toBe(1);
  });

  it('shows a malformed answer as a failed read with a retry, and the rest of the page still works', async () => {
    const calls = routeFetch({
      'GET /api/reports?pageSize=1': [200, page([report], 1)],
      'GET /api/metrics/latest': [200, { metrics: { date: 'yesterday' } }],
    });
    const { host } = renderWithHost(<DashboardPage />, { url: '/dashboard' });
    signIn(host, client);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Could not load this: Something went wrong on our side. Please try again in a moment.',
    );
    expect(screen.getByRole('heading', { name: 'Last month (October 2026)' })).toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(count(calls, 'GET /api/metrics/latest')).toBe(2));
  });

  it('never shows one account what the previous one read: a new sign-in reads again', async () => {
    const calls = routeFetch({
      'GET /api/reports?pageSize=1': [200, page([report], 1)],
      'GET /api/metrics/latest': [200, metrics],
    });
    const { host } = renderWithHost(<DashboardPage />, { url: '/dashboard' });
    signIn(host, client);
    await screen.findByRole('heading', { name: 'Last month (October 2026)' });
    // Another account signs in on this page (elsewhere, then a session re-read) without the dashboard unmounting.
    signIn(host, { ...client, id: 6, username: 'mere' });
    expect(await screen.findByRole('heading', { name: 'Welcome, mere' })).toBeVisible();
    await waitFor(() => expect(count(calls, 'GET /api/reports?pageSize=1')).toBe(2));
  });

  it('reads the list again after a delete, and says why a delete failed', async () => {
    const table: Record<string, [number, unknown]> = {
      'GET /api/reports?pageSize=12&page=1&clientId=5': [200, page([report], 12)],
      'DELETE /api/admin/reports/31': [200, { message: 'Report deleted' }],
    };
    const calls = routeFetch(table);
    const { host } = renderWithHost(<ReportsPanel clientId={5} />);
    const remove = async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Delete report October 2026' }));
      await userEvent.click(screen.getByRole('button', { name: 'Confirm delete report October 2026' }));
    };
    await remove();
    await waitFor(() => expect(count(calls, 'GET /api/reports?pageSize=12&page=1&clientId=5')).toBe(2));
    expect(host.toast).toHaveBeenCalledWith({ title: 'Report deleted', description: 'October 2026' });

    table['DELETE /api/admin/reports/31'] = [404, { message: 'No such report' }];
    await remove();
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: 'Delete failed',
        description: 'No such report',
      }),
    );
    expect(count(calls, 'GET /api/reports?pageSize=12&page=1&clientId=5')).toBe(2);
  });

  it("names each month in words and shows each figure's change against the month before", async () => {
    const september = { ...report, id: 30, reportDate: '2026-09-01', websiteTraffic: 1000, searchRanking: 6 };
    const october = { ...report, conversionRate: 2.5, searchRanking: 4, previous: september };
    routeFetch({
      'GET /api/reports?pageSize=12&page=1': [200, page([october, { ...september, previous: null }], 12)],
      'GET /api/reports?pageSize=1': [200, page([october], 1)],
      'GET /api/metrics/latest': [200, { metrics: null }],
    });
    renderWithHost(<ReportsPanel />);
    const table = await screen.findByRole('table', { name: 'Monthly reports' });
    const row = within(table).getByRole('row', { name: /^October 2026/ });
    expect(within(row).getByText('+200')).toBeInTheDocument();
    expect(within(row).getByText('up 200 on September 2026')).toBeInTheDocument();
    // A lower search position is the good news.
    expect(within(row).getByTitle('down 2 on September 2026')).toHaveClass('text-green-800');
    expect(within(row).getByText('No change')).toBeInTheDocument(); // conversions, 14 both months
    expect(within(table).getByRole('row', { name: /^September 2026/ })).not.toHaveTextContent(/[+−]/);
    expect(table).not.toHaveTextContent('2026-10');
  });
});
