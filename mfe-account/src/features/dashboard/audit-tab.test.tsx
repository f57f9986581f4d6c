import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEvent, User } from '@agency/contracts';
import { renderWithHost, routeFetch } from '../../test-utils';
import { DashboardPage } from './dashboard-page';

const AUDIT = 'GET /api/admin/audit-events?page=1';
const admin: User = { id: 2, username: 'tama', email: 'tama@example.nz', role: 'admin' };
const master: User = { ...admin, id: 1, username: 'hine', role: 'master_admin' };
// The staff panels are a lazy chunk: on a busy machine its first import takes seconds.
const LAZY = { timeout: 30_000 };
const longBody = `## Intro\n\n${'Fast pages win. '.repeat(20)}`;

const before = { id: 4, title: 'Local SEO', slug: 'local-seo', body: 'Short.', category: 'SEO', publishedAt: null };
const entries: AuditEvent[] = [
  {
    id: 12,
    at: '2026-11-20T03:15:00.000Z',
    area: 'content',
    actorId: 1,
    actor: 'hine@example.nz',
    subjectType: 'blog_post',
    subjectId: 4,
    action: 'update',
    before,
    after: { ...before, title: 'Local SEO for cafés', body: longBody, publishedAt: 1767225600000 },
    detail: '',
  },
  {
    id: 11,
    at: '2026-11-19T22:00:00.000Z',
    area: 'content',
    actorId: 2,
    actor: 'tama@example.nz',
    subjectType: 'case_study',
    subjectId: 3,
    action: 'delete',
    before: { id: 3, title: 'Cafe rebrand', slug: 'cafe-rebrand' },
    after: null,
    detail: '',
  },
  {
    id: 10,
    at: '2026-11-19T21:00:00.000Z',
    area: 'privacy',
    actorId: 2,
    actor: 'tama',
    subjectType: 'privacy request',
    subjectId: 7,
    action: 'erase',
    before: null,
    after: null,
    detail: 'Erased 2 lead(s), 1 e-mail(s), 0 file(s) and 3 other record(s).',
  },
];

function signIn(host: ReturnType<typeof renderWithHost>['host'], user: User) {
  act(() => host.session.setState({ user, status: 'authenticated', fetchedAt: Date.now() }));
}

describe('the audit trail', () => {
  it('is a tab for master admins only; admins get the Blog tab without it', async () => {
    routeFetch({});
    const { host } = renderWithHost(<DashboardPage />, { url: '/dashboard' });
    signIn(host, admin);
    expect(await screen.findByRole('tab', { name: 'Blog' })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Audit' })).toBeNull();
  });

  it('lists who wrote what when, newest first, with each entry’s changed fields only, long ones clipped', async () => {
    const calls = routeFetch({ [AUDIT]: [200, { items: entries, total: 3, page: 1, pageSize: 20 }] });
    const { host } = renderWithHost(<DashboardPage />, { url: '/dashboard' });
    signIn(host, master);
    await userEvent.click(await screen.findByRole('tab', { name: 'Audit' }));
    const table = await screen.findByRole('table', { name: 'Audit events, newest first' }, LAZY);
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('hine@example.nz');
    expect(first).toHaveTextContent('Blog post #4 “Local SEO for cafés” updated');
    expect(first!.querySelector('time')).toHaveAttribute('datetime', '2026-11-20T03:15:00.000Z');
    expect(second).toHaveTextContent('tama@example.nz');
    expect(second).toHaveTextContent('Case study #3 “Cafe rebrand” deleted');
    // A step with personal data: its area, what it was done to and what was done, in words.
    expect(third).toHaveTextContent('Privacy');
    expect(third).toHaveTextContent('Privacy request #7 erase');
    expect(third).toHaveTextContent('Erased 2 lead(s), 1 e-mail(s), 0 file(s) and 3 other record(s).');

    await userEvent.click(within(first!).getByText('3 fields changed'));
    const changes = within(first!)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(changes[0]).toBe('Title: Local SEO → Local SEO for cafés');
    expect(changes[1]).toMatch(/^Body: Short\. → ## Intro/);
    expect(changes[1]!.endsWith('…')).toBe(true);
    expect(changes[1]!.length).toBeLessThan(longBody.length);
    // Field names in words, moments in New Zealand time (1 January 2026, 13:00 NZDT).
    expect(changes[2]).toMatch(/^Publish date: \(empty\) → 1 Jan 2026, 1:00\s?pm$/);
    expect(first).not.toHaveTextContent(/category/i);
    expect(first).toHaveTextContent('20 Nov 2026, 4:15');
    expect(calls.filter((c) => c.key === AUDIT)).toHaveLength(1);
  });

  it('filters by area, who and which days, and says when nothing matches', async () => {
    const filtered =
      'GET /api/admin/audit-events?page=1&area=accounts&who=hine%40example.nz&from=2026-11-01&to=2026-11-30';
    const calls = routeFetch({
      [AUDIT]: [200, { items: entries, total: 3, page: 1, pageSize: 20 }],
      [filtered]: [200, { items: [], total: 0, page: 1, pageSize: 20 }],
    });
    const { host } = renderWithHost(<DashboardPage />, { url: '/dashboard' });
    signIn(host, master);
    await userEvent.click(await screen.findByRole('tab', { name: 'Audit' }));
    const form = await screen.findByRole('form', { name: 'Filter the audit log' }, LAZY);
    await userEvent.selectOptions(within(form).getByLabelText('Area'), 'Accounts');
    await userEvent.type(within(form).getByLabelText('Who (e-mail or name)'), 'hine@example.nz');
    await userEvent.type(within(form).getByLabelText('From (NZ date)'), '2026-11-01');
    await userEvent.type(within(form).getByLabelText('To (NZ date)'), '2026-11-30');
    await userEvent.click(within(form).getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No changes match these filters.')).toBeVisible();
    expect(calls.filter((c) => c.key === filtered)).toHaveLength(1);
  });
});
