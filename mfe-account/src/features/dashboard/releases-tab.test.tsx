import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@agency/contracts';
import { renderWithHost, routeFetch } from '../../test-utils';
import { DashboardPage } from './dashboard-page';
import { releases, STARTED } from './release-fixtures';

const RELEASES = 'GET /api/admin/releases';
const admin: User = { id: 2, username: 'tama', email: 'tama@example.nz', role: 'admin' };
const master: User = { ...admin, id: 1, username: 'hine', role: 'master_admin' };
function signIn(host: ReturnType<typeof renderWithHost>['host'], user: User) {
  act(() => host.session.setState({ user, status: 'authenticated', fetchedAt: Date.now() }));
}

/** A row's header and cells as a screen reader gets them: a dash, hidden from it, is read as "No data yet". */
const rowText = (row: HTMLElement) =>
  [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map((cell) =>
    cell.textContent!.replace(/^—/, ''),
  );

/** Each remote's history and the deploy tokens, empty unless a test says otherwise. */
const QUIET: Record<string, [number, unknown]> = {
  'GET /api/admin/releases/marketing/history?limit=30': [200, { actions: [] }],
  'GET /api/admin/releases/quoting/history?limit=30': [200, { actions: [] }],
  'GET /api/admin/deploy-tokens': [200, { tokens: [] }],
};

async function openReleases(table: Record<string, [number, unknown]>) {
  for (const [key, answer] of Object.entries(QUIET)) table[key] ??= answer;
  const calls = routeFetch(table);
  const { host } = renderWithHost(<DashboardPage />, { url: '/dashboard' });
  signIn(host, master);
  await userEvent.click(await screen.findByRole('tab', { name: 'Releases' }));
  // The panel's code loads lazily: on a busy machine that takes longer than a query's default second.
  await screen.findByRole('heading', { level: 2, name: 'Releases' }, { timeout: 30_000 });
  return calls;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('releases', () => {
  it('is a tab for master admins only, after Audit', async () => {
    routeFetch({});
    const { host } = renderWithHost(<DashboardPage />, { url: '/dashboard' });
    signIn(host, admin);
    expect(await screen.findByRole('tab', { name: 'Blog' })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Releases' })).toBeNull();

    signIn(host, master);
    await screen.findByRole('tab', { name: 'Releases' });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs.join(', ')).toBe(
      'Leads, Privacy, Clients, Content, Blog, Tracking, Users, Audit, Releases, Account, Security',
    );
  });

  it('shows live and canary side by side with their shares and figures, from when the canary started', async () => {
    await openReleases({ [RELEASES]: [200, releases] });
    expect(await screen.findByRole('heading', { level: 2, name: 'Releases' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'quoting: live and canary' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Release',
      'Version',
      'Share of visitors',
      'Load time p75',
      'Error rate',
      'LCP p75',
      'INP p75',
      'CLS p75',
      'Server renders',
      'Sample size',
    ]);
    const [, live, canary] = within(table).getAllByRole('row');
    expect(rowText(live!)).toEqual([
      'Live',
      '0.4.0-aa11',
      '87.5%',
      '1,234 ms',
      '1.5% 18 errors, 0 failed loads, from 17 networks',
      '2,101 ms',
      '180 ms',
      '0.052',
      '40 renders, 0 failures on retry',
      '1,200 page loads, 5,400 samples',
    ]);
    expect(rowText(canary!)).toEqual([
      'Canary',
      '0.5.0-bb22',
      '12.5%',
      '987 ms',
      '50.0% (worse than the live version) 0 errors, 1 failed load, from 1 network (25 needed to abort)',
      '1,800 ms',
      'No data yet',
      '0.000',
      '4 renders, 1 failure on retry',
      '1 page load, 3 samples',
    ]);
    const quoting = screen.getByRole('region', { name: 'quoting' });
    expect(
      within(quoting)
        .getByText(/^Canary started/)
        .querySelector('time'),
    ).toHaveAttribute('datetime', STARTED);
    expect(
      screen.getByText(
        'A canary is aborted automatically when, after at least 200 page loads with failures from at least 25 ' +
          "networks, its error rate is more than 2.0 points above the live version's, or when at least 3 server " +
          "renders failed again on retry and its share of failed server renders is more than 2.0 points above the live version's. " +
          "Browsers' measurements count only from pages this site served, at most 3 page loads per client an hour " +
          '(an IPv4 address or an IPv6 /48; networks are IPv4 /24s and IPv6 /48s).',
      ),
    ).toBeVisible();
    expect(screen.getByText('pnpm run deploy --to <site> --canary <percent>')).toBeVisible();
    // Where the canary measures worse than live is highlighted, and how far it is from the automatic abort shown.
    expect(within(canary!).getAllByText('(worse than the live version)')).toHaveLength(1);
    const progress = within(quoting).getByRole('group', { name: 'Progress toward the automatic abort' });
    expect(within(progress).getByRole('progressbar', { name: 'Page loads' })).toHaveAttribute('value', '1');
    expect(within(progress).getByText('1 page load of 200 needed')).toBeVisible();
    expect(within(progress).getByText('48.5 of 2.0 points')).toBeVisible();
  });

  it('promotes, aborts with a reason and changes the share from the tab', async () => {
    const answer: [number, unknown] = [200, { remote: 'quoting', live: '0.4.0-aa11', canary: null }];
    const calls = await openReleases({
      [RELEASES]: [200, releases],
      'POST /api/admin/releases/quoting/promote': answer,
      'POST /api/admin/releases/quoting/abort': answer,
      'PUT /api/admin/releases/quoting/canary-share': answer,
    });
    const quoting = await screen.findByRole('region', { name: 'quoting' });
    await userEvent.click(within(quoting).getByRole('button', { name: 'Promote canary' }));
    await userEvent.click(within(quoting).getByRole('button', { name: 'Yes, promote' }));
    await waitFor(() => expect(calls.map((c) => c.key)).toContain('POST /api/admin/releases/quoting/promote'));

    const share = within(quoting).getByRole('spinbutton', { name: 'Share of visitors (%)' });
    await userEvent.clear(share);
    await userEvent.type(share, '40');
    await userEvent.click(within(quoting).getByRole('button', { name: 'Change share' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'PUT /api/admin/releases/quoting/canary-share')?.body).toEqual({
        percent: 40,
      }),
    );

    const abort = within(quoting).getByRole('button', { name: 'Abort canary' });
    expect(abort).toBeDisabled();
    await userEvent.type(within(quoting).getByRole('textbox', { name: 'Reason for aborting *' }), 'Checkout errors');
    await userEvent.click(abort);
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/admin/releases/quoting/abort')?.body).toEqual({
        reason: 'Checkout errors',
      }),
    );
  });

  it('says a refused deploy token under its form, at the field, and keeps what was typed', async () => {
    const calls = await openReleases({
      [RELEASES]: [200, releases],
      'POST /api/admin/deploy-tokens': [
        400,
        { message: 'The token could not be made.', errors: { label: 'That label is used by another token.' } },
      ],
    });
    const form = await screen.findByRole('form', { name: 'Create a deploy token' });
    // The schema is the first check: an empty label is refused before any request.
    await userEvent.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Please give the token a label');
    expect(calls.some((c) => c.key === 'POST /api/admin/deploy-tokens')).toBe(false);

    await userEvent.type(within(form).getByRole('textbox', { name: 'Label *' }), 'Quoting CI');
    await userEvent.click(within(form).getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('The token could not be made.'));
    expect(calls.find((c) => c.key === 'POST /api/admin/deploy-tokens')?.body).toEqual({
      remote: 'quoting',
      label: 'Quoting CI',
      expiresInDays: 90,
    });
    expect(within(form).getByText('That label is used by another token.')).toBeVisible();
    expect(within(form).getByRole('textbox', { name: 'Label *' })).toHaveValue('Quoting CI');
  });

  it('shows what is not measured yet as no data, an external remote as such, and each last abort', async () => {
    await openReleases({ [RELEASES]: [200, releases] });
    const table = await screen.findByRole('table', { name: 'marketing: live and canary' });
    const [, live, canary] = within(table).getAllByRole('row');
    expect(rowText(live!)).toEqual([
      'Live',
      '0.1.0-3f2a',
      '100.0%',
      'No data yet',
      'No data yet',
      'No data yet',
      'No data yet',
      'No data yet',
      'No data yet',
      'No data yet',
    ]);
    expect(within(live!).getAllByText('—')).toHaveLength(6);
    expect(rowText(canary!)).toEqual(['Canary', 'No canary running']);
    const marketing = screen.getByRole('region', { name: 'marketing' });
    expect(within(marketing).getByText(/^Figures of the last 24 hours/)).toBeVisible();
    expect(within(marketing).getByRole('note')).toHaveTextContent(
      'Last abort: canary 0.1.0-9c1d was aborted automatically on ' +
        `${within(marketing).getByRole('note').querySelector('time')!.textContent}. Reason: error rate 6.0% over 250 ` +
        'page loads against 1.0% for the live version (900 page loads)',
    );
    const quoting = screen.getByRole('region', { name: 'quoting' });
    expect(within(quoting).getByRole('note')).toHaveTextContent(
      /^Last abort: canary 0\.5\.0-0000 was aborted by an operator on .+\. Reason: typo$/,
    );
    expect(within(quoting).getByRole('note').querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-11-20T03:00:00.000Z',
    );

    const account = screen.getByRole('region', { name: 'account' });
    expect(within(account).getByText(/^Served from elsewhere/)).toBeVisible();
    expect(within(account).queryByRole('table')).toBeNull();
    expect(within(account).queryByRole('note')).toBeNull();
  });

  it('reads the figures again on Refresh and every 30 seconds, only while the tab is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const table: Record<string, [number, unknown]> = { [RELEASES]: [200, releases] };
    const calls = await openReleases(table);
    const asked = () => calls.filter((c) => c.key === RELEASES).length;
    await screen.findByRole('table', { name: 'quoting: live and canary' });
    expect(asked()).toBe(1);

    const more = structuredClone(releases);
    more.remotes[1]!.canary!.figures.pageLoads = 340;
    table[RELEASES] = [200, more];
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('340 page loads, 3 samples')).toBeVisible();
    expect(asked()).toBe(2);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(asked()).toBe(3));

    await userEvent.click(screen.getByRole('tab', { name: 'Users' }));
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(asked()).toBe(3);
  });

  it('shows what pipelines wrote as plain text: no escape sequence, control or bidirectional character', async () => {
    // As stored before the gateway made such words plain (decision 0074), or written around its API.
    const hostile = {
      id: 7,
      at: STARTED,
      action: 'checks',
      remote: 'quoting',
      version: '0.2.0-abc',
      actor: 'token',
      actorName: 'quoting CI\u202e',
      host: 'gw-1',
      commit: '\u001b[31mdeadbeef\u001b[0m',
      message: 'Fix\u202e\u2066 txt.exe\u2069\nsecond line\u0007',
      details: {
        passed: false,
        checks: [{ name: 'render', passed: false, detail: 'Render \u001b]8;;https://evil.example\u0007failed\u200b' }],
      },
    };
    await openReleases({
      [RELEASES]: [200, releases],
      'GET /api/admin/releases/quoting/history?limit=30': [200, { actions: [hostile] }],
    });
    const history = await screen.findByRole('region', { name: 'quoting release history' });
    await within(history).findByText(/Failed: Render failed/);
    const text = history.textContent!;
    // eslint-disable-next-line no-control-regex -- control characters are what it looks for
    expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(text).toContain('commit deadbeef');
    expect(text).toContain('“Fix txt.exe second line”');
    expect(text).toContain('the deploy token “quoting CI”');
  });

  it('says when the figures could not be read', async () => {
    await openReleases({ [RELEASES]: [403, { message: 'Forbidden' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this: Forbidden');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });
});
