/**
 * Decision 0064: roles with care on the server. The last enabled master admin can never be demoted or disabled;
 * role, access and lead status changes are in the audit log, which filters; staff are invited by e-mail (a
 * set-password link, through a real SMTP server); a disabled account's sessions end at once and it cannot sign in.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contentAuditView as contentAudit, users } from '../../platform/db';
import { browser, signedIn, TEST_PASSWORD } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { startSmtp } from '../../../test/smtp';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof setupApp>>;
let n = 0;
const account = (role: 'client' | 'admin' | 'master_admin') => signedIn(t.app, t.db, role, `${role}${++n}`);

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupApp({ SMTP_URL: smtp.url, PUBLIC_ORIGIN: 'https://beloud.example' });
});
afterAll(async () => {
  await t.cleanup();
  await smtp.close();
});
afterEach(() => {
  smtp.received.length = 0;
});

type Entry = {
  area: string;
  subjectType: string;
  subjectId: number;
  action: string;
  actor: string;
  before: unknown;
  after: unknown;
};
const auditOf = async (b: Awaited<ReturnType<typeof account>>['b'], query = '') =>
  (await b.get(`/api/admin/audit-events?pageSize=100${query}`)).json.items as Entry[];

describe('the last master admin', () => {
  it('can never be demoted or disabled, counting only enabled master admins; a refusal leaves no audit entry', async () => {
    const first = await account('master_admin');
    const second = await account('master_admin');
    // With another enabled master admin, a demotion is fine (and undone here).
    expect((await first.b.patch(`/api/admin/users/${second.id}/role`, { role: 'admin' })).status).toBe(200);
    const again = await account('master_admin');
    // Disable every other master admin: the last enabled one stands alone.
    for (const row of await t.db.select().from(users).where(eq(users.role, 'master_admin'))) {
      if (row.id !== again.id) await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, row.id));
    }
    const entries = (await t.db.select().from(contentAudit)).length;
    const refused = await again.b.patch(`/api/admin/users/${again.id}/role`, { role: 'admin' });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('The last master admin cannot be demoted.');
    const [me] = await t.db.select().from(users).where(eq(users.id, again.id));
    expect(me?.role).toBe('master_admin');
    expect((await again.b.post(`/api/admin/users/${again.id}/disable`)).json.message).toBe(
      'You cannot disable your own account.',
    );
    expect((await t.db.select().from(contentAudit)).length).toBe(entries);
    // Put the others back for the tests that follow.
    await t.db.update(users).set({ disabledAt: null });
  });
});

describe('the audit log', () => {
  it('records role changes and lead status changes with who and what, and filters them', async () => {
    const master = await account('master_admin');
    const admin = await account('admin');
    const client = await account('client');
    expect((await master.b.patch(`/api/admin/users/${client.id}/role`, { role: 'admin' })).status).toBe(200);
    const lead = await browser(t.app, undefined, '203.0.113.9').post('/api/contact-inquiry', {
      businessName: 'Waipa Electrical',
      contactName: 'Rangi',
      contactEmail: 'rangi@example.nz',
      servicesInterested: ['seo'],
    });
    const id = lead.json.id as number;
    expect((await admin.b.patch(`/api/admin/enquiries/${id}`, { status: 'contacted' })).status).toBe(200);

    const mine = await auditOf(master.b, `&who=${encodeURIComponent(`${master.username.toUpperCase()}@example.nz`)}`);
    expect(mine).toEqual([
      expect.objectContaining({
        area: 'accounts',
        subjectType: 'account',
        subjectId: client.id,
        action: 'update',
        before: { username: client.username, role: 'client' },
        after: { username: client.username, role: 'admin' },
      }),
    ]);
    const leads = await auditOf(master.b, '&area=leads');
    expect(leads[0]).toMatchObject({
      subjectType: 'enquiry',
      subjectId: id,
      actor: `${admin.username}@example.nz`,
      before: { status: 'new' },
      after: { status: 'contacted' },
    });
    // Days are New Zealand days; nothing was written tomorrow, and a bad filter is a 400 in words.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await auditOf(master.b, `&from=${today}&to=${today}&area=leads`)).length).toBe(leads.length);
    expect(await auditOf(master.b, `&from=${tomorrow}`)).toEqual([]);
    const bad = await master.b.get('/api/admin/audit-events?area=users');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^area must be one of content, accounts, leads, releases, privacy/);
    expect((await admin.b.get('/api/admin/audit-events')).status).toBe(403);
  });
});

describe('invitations', () => {
  it('e-mails a set-password link; the account cannot sign in until it is used, then signs in', async () => {
    const master = await account('master_admin');
    const invited = await master.b.post('/api/admin/users/invite', {
      username: 'hemi',
      email: 'Hemi@Example.nz',
      role: 'admin',
    });
    expect(invited.status).toBe(201);
    expect(invited.json).toMatchObject({ username: 'hemi', email: 'hemi@example.nz', role: 'admin', invited: true });
    await t.mailer.idle();
    const mail = smtp.received.find((m) => m.to.includes('hemi@example.nz'));
    const raw = (mail?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toContain("Subject: You're invited to the");
    const token = /https:\/\/portal\.beloud\.example\/reset-password\?token=([\w-]+)&invite=1/.exec(raw)?.[1];
    expect(token).toBeDefined();

    const hemi = browser(t.app);
    expect((await hemi.post('/api/login', { username: 'hemi', password: TEST_PASSWORD })).status).toBe(401);
    expect((await hemi.post('/api/reset-password', { token, newPassword: TEST_PASSWORD })).status).toBe(200);
    // Signed in by the password, hemi goes on to set up the second factor staff must have (decision 0061).
    expect((await hemi.post('/api/login', { username: 'hemi', password: TEST_PASSWORD })).json).toMatchObject({
      secondFactor: 'enrol',
    });
    const listed = (await master.b.get('/api/admin/users?pageSize=100')).json.items as { username: string }[];
    expect(listed.find((u) => u.username === 'hemi')).toMatchObject({ invited: false, disabled: false });
    // The link worked once; a taken name is refused in words; only master admins invite, and only staff.
    expect((await hemi.post('/api/reset-password', { token, newPassword: TEST_PASSWORD })).status).toBe(400);
    const taken = await master.b.post('/api/admin/users/invite', {
      username: 'HEMI',
      email: 'x@example.nz',
      role: 'admin',
    });
    expect(taken.status).toBe(409);
    expect(taken.json.errors).toEqual({ username: 'That username is already taken' });
    expect(
      (await master.b.post('/api/admin/users/invite', { username: 'c1', email: 'c1@example.nz', role: 'client' }))
        .status,
    ).toBe(400);
    const admin = await account('admin');
    expect(
      (await admin.b.post('/api/admin/users/invite', { username: 'c2', email: 'c2@example.nz', role: 'admin' })).status,
    ).toBe(403);
    expect((await auditOf(master.b, '&entity=account')).some((e) => e.action === 'create')).toBe(true);
  });

  it('can be sent again: a new link, the earlier one stops working; refused once the password is set', async () => {
    const master = await account('master_admin');
    const invited = await master.b.post('/api/admin/users/invite', {
      username: 'tui',
      email: 'tui@example.nz',
      role: 'admin',
    });
    const id = invited.json.id as number;
    const linkOf = async (n: number) => {
      await t.mailer.idle();
      await expect.poll(() => smtp.received.filter((m) => m.to.includes('tui@example.nz')).length).toBe(n);
      const raw = (smtp.received.filter((m) => m.to.includes('tui@example.nz')).at(-1)?.raw ?? '')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      // To the portal, where the page that sets the password is (decision 0077).
      return /https:\/\/portal\.beloud\.example\/reset-password\?token=([\w-]+)&invite=1/.exec(raw)?.[1];
    };
    const first = await linkOf(1);
    const again = await master.b.post(`/api/admin/users/${id}/resend-invite`);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ username: 'tui', invited: true });
    const second = await linkOf(2);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    const tui = browser(t.app);
    expect((await tui.post('/api/reset-password', { token: first, newPassword: TEST_PASSWORD })).status).toBe(400);
    expect((await tui.post('/api/reset-password', { token: second, newPassword: TEST_PASSWORD })).status).toBe(200);
    const late = await master.b.post(`/api/admin/users/${id}/resend-invite`);
    expect(late.status).toBe(409);
    expect(late.json.message).toMatch(/^tui has already set a password/);
    expect((await master.b.post('/api/admin/users/999999/resend-invite')).status).toBe(404);
    const admin = await account('admin');
    expect((await admin.b.post(`/api/admin/users/${id}/resend-invite`)).status).toBe(403);
    expect((await auditOf(master.b, '&entity=account')).some((e) => e.action === 'resend-invite')).toBe(true);
  });
});

describe('disabling an account', () => {
  it('ends its sessions at once, refuses its sign-in and its reset e-mail, and enabling lets it back', async () => {
    const master = await account('master_admin');
    const client = await account('client');
    expect((await client.b.get('/api/auth/user')).status).toBe(200);
    const disabled = await master.b.post(`/api/admin/users/${client.id}/disable`);
    expect(disabled.json).toMatchObject({ id: client.id, disabled: true });
    expect((await client.b.get('/api/auth/user')).status).toBe(401);
    const again = browser(t.app);
    const refused = await again.post('/api/login', { username: client.username, password: TEST_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('This account has been disabled. Please contact the agency if you need access.');
    // A wrong password says no more than for anyone else.
    expect((await again.post('/api/login', { username: client.username, password: 'Wrong-pass1!' })).status).toBe(401);
    await again.post('/api/forgot-password', { username: client.username });
    await t.mailer.idle();
    // No reset link (the new-browser notice of the sign-in before the disabling may be there).
    expect(
      smtp.received.filter((m) => m.to.includes(`${client.username}@example.nz`) && m.raw.includes('reset-password')),
    ).toEqual([]);

    expect((await master.b.post(`/api/admin/users/${client.id}/enable`)).json.disabled).toBe(false);
    expect((await again.post('/api/login', { username: client.username, password: TEST_PASSWORD })).status).toBe(200);
    const access = (await auditOf(master.b, '&area=accounts')).filter((e) => e.subjectId === client.id);
    expect(access.map((e) => (e.after as { access: string }).access)).toEqual(['enabled', 'disabled']);
  });
});
