import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from './passwords';
import { hashToken } from '../../platform/sessions/session-store';
import { passwordResetTokens, rateLimits, sessions, users } from '../../platform/db';
import { stepAt, totpCode, totpFactorsOf } from './totp';
import { browser, fromBase32, proveSecondFactor, TEST_TOTP_KEY } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { startSmtp } from '../../../test/smtp';

const PASSWORD = 'Kahikatea#2025';
const NEW_PASSWORD = 'Totara!Strong9';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupApp({ SMTP_URL: smtp.url, PUBLIC_ORIGIN: 'http://agency.test', PORTAL_ORIGIN: 'http://portal.test' });
});
afterAll(async () => {
  await t.cleanup();
  await smtp.close();
});

let n = 0;
const fresh = () => {
  n += 1;
  return { username: `client${n}`, email: `client${n}@example.nz`, password: PASSWORD };
};
async function registered() {
  const b = browser(t.app);
  const account = fresh();
  const res = await b.post('/api/register', account);
  expect(res.status).toBe(201);
  return { b, account, id: res.json.id as number };
}
async function staff(role: 'admin' | 'master_admin') {
  const account = fresh();
  await t.db.insert(users).values({ ...account, password: await hashPassword(account.password), role });
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  await totpFactorsOf(t.db).install(row!.id, TEST_TOTP_KEY);
  const b = browser(t.app);
  expect((await b.post('/api/login', { username: account.username, password: account.password })).status).toBe(200);
  await proveSecondFactor(b, t.db, row!.id);
  return { b, account };
}

describe('registration', () => {
  it('creates a client, signs them in with an HttpOnly SameSite=Lax cookie, and never returns the hash', async () => {
    const b = browser(t.app);
    const account = fresh();
    const res = await b.post('/api/register', { ...account, email: account.email.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      username: account.username,
      email: account.email,
      role: 'client',
    });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^session=\w+/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect((await b.get('/api/auth/user')).json).toMatchObject({ username: account.username, role: 'client' });
    const [row] = await t.db.select().from(users).where(eq(users.username, account.username));
    expect(row?.password).toMatch(/^\$argon2id\$/);
    expect(res.text).not.toContain('argon2');
    // Only a hash of the cookie's id is stored.
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(session?.id).not.toBe(b.jar.get('session'));
  });

  it.each(['admin', 'master_admin'])(
    'refuses an anonymous %s registration with 403 and stores nothing',
    async (role) => {
      const account = fresh();
      const res = await browser(t.app).post('/api/register', { ...account, role });
      expect(res.status).toBe(403);
      expect(await t.db.select().from(users).where(eq(users.username, account.username))).toHaveLength(0);
    },
  );

  it('refuses an admin creating another admin, and lets a master admin do it without switching accounts', async () => {
    const admin = await staff('admin');
    expect((await admin.b.post('/api/register', { ...fresh(), role: 'admin' })).status).toBe(403);
    const master = await staff('master_admin');
    const account = fresh();
    const res = await master.b.post('/api/register', { ...account, role: 'admin' });
    expect(res.status).toBe(201);
    expect(res.json.role).toBe('admin');
    expect((await master.b.get('/api/auth/user')).json.username).toBe(master.account.username);
  });

  it('enforces the five password rules on the server, naming the field', async () => {
    const res = await browser(t.app).post('/api/register', { ...fresh(), password: 'short' });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/^Password needs: /);
    expect(Object.keys(res.json.errors as object)).toEqual(['password']);
  });

  it('answers 409 for a username or email already registered', async () => {
    const { account } = await registered();
    expect(
      (await browser(t.app).post('/api/register', { ...fresh(), username: account.username })).json.errors,
    ).toHaveProperty('username');
    const dup = await browser(t.app).post('/api/register', { ...fresh(), email: account.email.toUpperCase() });
    expect(dup.status).toBe(409);
    expect(dup.json.errors).toHaveProperty('email');
  });
});

describe('login and logout', () => {
  it('answers the same 401 for an unknown user and a wrong password', async () => {
    const { account } = await registered();
    const wrong = await browser(t.app).post('/api/login', { username: account.username, password: 'Wrong#Password1' });
    const unknown = await browser(t.app).post('/api/login', { username: 'nobody-here', password: 'Wrong#Password1' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.message).toBe('Invalid username or password');
  });

  it('starts a new session at login and ends it at logout', async () => {
    const { b, account } = await registered();
    const before = b.jar.get('session');
    const res = await b.post('/api/login', { username: account.username, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ username: account.username, role: 'client' });
    expect(b.jar.get('session')).not.toBe(before);
    const stale = browser(t.app);
    stale.jar.set('session', before!);
    expect((await stale.get('/api/auth/user')).status).toBe(401);

    expect((await b.post('/api/logout')).status).toBe(200);
    expect(b.jar.has('session')).toBe(false);
    expect((await b.get('/api/auth/user')).status).toBe(401);
  });

  it('throttles failed logins per account with 429 and Retry-After, even for the right password', async () => {
    const { account } = await registered();
    for (let i = 0; i < 5; i++)
      expect(
        (await browser(t.app).post('/api/login', { username: account.username, password: 'Nope#12345' })).status,
      ).toBe(401);
    const blocked = await browser(t.app).post('/api/login', { username: account.username, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    await t.db.delete(rateLimits).where(eq(rateLimits.key, `login:user:${account.username}`));
    expect((await browser(t.app).post('/api/login', { username: account.username, password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('refuses unsafe requests from another origin', async () => {
    const { account } = await registered();
    const evil = browser(t.app, 'https://evil.example');
    expect((await evil.post('/api/login', { username: account.username, password: PASSWORD })).status).toBe(403);
    const crossSite = await browser(t.app).post(
      '/api/login',
      { username: account.username, password: PASSWORD },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    // The public site's pages, where team code runs, are another origin to the portal (decision 0077).
    const publicSite = browser(t.app, 'http://agency.test');
    expect((await publicSite.post('/api/login', { username: account.username, password: PASSWORD })).status).toBe(403);
    const sameSite = await browser(t.app, 'http://portal.test').post(
      '/api/login',
      { username: account.username, password: PASSWORD },
      { 'sec-fetch-site': 'same-origin' },
    );
    expect(sameSite.status).toBe(200);
  });
});

describe('password change', () => {
  it('needs the current password, then revokes every other session but keeps this one', async () => {
    const { b, account } = await registered();
    const other = browser(t.app);
    await other.post('/api/login', { username: account.username, password: PASSWORD });
    expect(
      (await b.post('/api/change-password', { currentPassword: 'Wrong#123abc', newPassword: NEW_PASSWORD })).status,
    ).toBe(400);
    expect(
      (await b.post('/api/change-password', { currentPassword: PASSWORD, newPassword: 'weak' })).json.errors,
    ).toHaveProperty('newPassword');

    const res = await b.post('/api/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.json).toEqual({ message: 'Password updated successfully' });
    expect((await b.get('/api/auth/user')).status).toBe(200);
    expect((await other.get('/api/auth/user')).status).toBe(401);
    expect(
      (await browser(t.app).post('/api/login', { username: account.username, password: NEW_PASSWORD })).status,
    ).toBe(200);
  });

  it('is 401 without a session', async () => {
    expect(
      (await browser(t.app).post('/api/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }))
        .status,
    ).toBe(401);
  });
});

describe('forgot and reset password', () => {
  /** The token from the e-mail's link (the body is quoted-printable: soft breaks and `=3D` undone). */
  const linkIn = (raw: string) => {
    const token = /reset-password\?token=([\w-]+)/.exec(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1];
    expect(token).toMatch(/^[\w-]{43}$/);
    return token!;
  };

  it('answers the same for unknown and known usernames, and e-mails a single-use link to the known one', async () => {
    const { b, account } = await registered();
    // Earlier tests' sign-ins e-mail their new browsers in the background.
    await t.mailer.idle();
    smtp.received.length = 0;
    const unknown = await browser(t.app).post('/api/forgot-password', { username: 'no-such-user' });
    const known = await browser(t.app).post('/api/forgot-password', { username: account.username });
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    expect(known.text).not.toMatch(/token/i);
    await t.mailer.idle();
    expect(smtp.received.map((m) => m.to)).toEqual([[account.email]]);
    const raw = smtp.received[0]!.raw;
    expect(raw).toContain('http://portal.test/reset-password?token=');
    const token = linkIn(raw);
    const [stored] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, (await b.get('/api/auth/user')).json.id as number));
    expect(stored?.tokenHash).not.toBe(token);

    const reset = await browser(t.app).post('/api/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    // Every session ends, including the one that asked.
    expect((await b.get('/api/auth/user')).status).toBe(401);
    expect(
      (await browser(t.app).post('/api/login', { username: account.username, password: NEW_PASSWORD })).status,
    ).toBe(200);
    const again = await browser(t.app).post('/api/reset-password', { token, newPassword: 'Another#Pass77' });
    expect(again.status).toBe(400);
    expect(again.json.errors).toHaveProperty('token');
  });

  it('takes an e-mail address in place of the username: the same answer, and the link to that account', async () => {
    const { account } = await registered();
    await t.mailer.idle();
    smtp.received.length = 0;
    const unknown = await browser(t.app).post('/api/forgot-password', { username: 'nobody@example.nz' });
    const known = await browser(t.app).post('/api/forgot-password', { username: account.email.toUpperCase() });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    await t.mailer.idle();
    expect(smtp.received.map((m) => m.to)).toEqual([[account.email]]);
    const raw = smtp.received[0]!.raw.replace(/=\r?\n/g, '');
    expect(raw).toContain('client portal account');
    linkIn(smtp.received[0]!.raw);
  });

  it('tells staff it is their staff dashboard account, not a client portal account', async () => {
    const { account: admin } = await staff('admin');
    await t.mailer.idle();
    smtp.received.length = 0;
    expect((await browser(t.app).post('/api/forgot-password', { username: admin.email })).status).toBe(200);
    await t.mailer.idle();
    const raw = smtp.received[0]!.raw.replace(/=\r?\n/g, '');
    expect(raw).toContain('staff dashboard account');
    expect(raw).not.toContain('client portal');
  });

  it('refuses an expired link', async () => {
    const { account, id } = await registered();
    // Earlier tests' sign-ins e-mail their new browsers in the background.
    await t.mailer.idle();
    smtp.received.length = 0;
    await browser(t.app).post('/api/forgot-password', { username: account.username });
    await t.mailer.idle();
    const token = linkIn(smtp.received[0]!.raw);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, id));
    expect((await browser(t.app).post('/api/reset-password', { token, newPassword: NEW_PASSWORD })).status).toBe(400);
    expect((await browser(t.app).post('/api/login', { username: account.username, password: PASSWORD })).status).toBe(
      200,
    );
  });

  /** A reset link for the account, as the e-mail carries it. */
  async function requestLink(username: string) {
    smtp.received.length = 0;
    expect((await browser(t.app).post('/api/forgot-password', { username })).status).toBe(200);
    await t.mailer.idle();
    return linkIn(smtp.received.at(-1)!.raw);
  }
  const reset = (token: string, newPassword = NEW_PASSWORD) =>
    browser(t.app).post('/api/reset-password', { token, newPassword });

  it('voids an older link when a new one is requested', async () => {
    const { account } = await registered();
    const older = await requestLink(account.username);
    const newer = await requestLink(account.username);
    expect((await reset(older)).status).toBe(400);
    expect((await reset(newer)).status).toBe(200);
  });

  it('voids every outstanding link of the account when one of them is used', async () => {
    const { account, id } = await registered();
    const first = await requestLink(account.username);
    // A second outstanding link, as two requests crossing each other (or an older release) can leave.
    const second = 'second-outstanding-link-0123456789abcdef';
    await t.db
      .insert(passwordResetTokens)
      .values({ tokenHash: hashToken(second), userId: id, expiresAt: new Date(Date.now() + 60 * 60_000) });
    expect((await reset(first)).status).toBe(200);
    const again = await reset(second, 'Another#Pass77');
    expect(again.status).toBe(400);
    expect(again.json.errors).toHaveProperty('token');
    expect(
      (await browser(t.app).post('/api/login', { username: account.username, password: NEW_PASSWORD })).status,
    ).toBe(200);
  });

  it('voids outstanding links when the password is changed', async () => {
    const { b, account } = await registered();
    const link = await requestLink(account.username);
    expect(
      (await b.post('/api/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status,
    ).toBe(200);
    expect((await reset(link, 'Another#Pass77')).status).toBe(400);
    expect(
      (await browser(t.app).post('/api/login', { username: account.username, password: NEW_PASSWORD })).status,
    ).toBe(200);
  });

  it('answers a known name after the same work as an unknown one: the link is made after the answer', async () => {
    const { account } = await registered();
    const client = t.db.$client;
    const original = { execute: client.execute.bind(client), batch: client.batch.bind(client) };
    const sqlOf = (stmt: string | { sql: string }) => (typeof stmt === 'string' ? stmt : stmt.sql);
    /** The SQL the database ran from the request until its answer arrived. */
    async function statementsBeforeAnswer(username: string) {
      const seen: string[] = [];
      const execute = vi.spyOn(client, 'execute').mockImplementation((...args: Parameters<typeof client.execute>) => {
        seen.push(sqlOf(args[0] as string | { sql: string }));
        return original.execute(...args);
      });
      const batch = vi.spyOn(client, 'batch').mockImplementation((...args: Parameters<typeof client.batch>) => {
        seen.push(...args[0].map((s) => sqlOf(s as string | { sql: string })));
        return original.batch(...args);
      });
      try {
        const res = await browser(t.app).post('/api/forgot-password', { username });
        expect(res.status).toBe(200);
        return [...seen];
      } finally {
        execute.mockRestore();
        batch.mockRestore();
        await t.mailer.idle();
      }
    }
    await t.mailer.idle();
    smtp.received.length = 0;
    const unknown = await statementsBeforeAnswer('nobody-by-this-name');
    const known = await statementsBeforeAnswer(account.username);
    expect(known).toEqual(unknown);
    expect(known.join('\n')).not.toMatch(/password_reset_tokens|from "users"/);
    // ...and the link still goes out.
    expect(smtp.received.map((m) => m.to)).toEqual([[account.email]]);
  });

  it('throttles requests per username with 429', async () => {
    const name = 'throttle-target';
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await browser(t.app).post('/api/forgot-password', { username: name })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('secure cookies', () => {
  it('uses a __Host- Secure cookie when the public origin is https', async () => {
    const s = await setupApp({ PUBLIC_ORIGIN: 'https://beloud.example' });
    try {
      const res = await browser(s.app).post('/api/register', fresh());
      const cookie = res.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^__Host-session=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/Path=\//);
    } finally {
      await s.cleanup();
    }
  });
});

describe('create-admin command', () => {
  it('creates a master admin who can sign in and create admins, under the same rules as registration', async () => {
    const { createMasterAdmin, CreateAdminError } = await import('./create-admin');
    const account = fresh();
    await expect(createMasterAdmin(t.db, { ...account, password: 'weak' })).rejects.toBeInstanceOf(CreateAdminError);
    expect(await createMasterAdmin(t.db, account)).toMatchObject({ username: account.username, role: 'master_admin' });
    await expect(createMasterAdmin(t.db, account)).rejects.toThrow(/already taken/);
    const b = browser(t.app);
    // The password leads to setting up an authenticator app, and nothing of a master admin's opens before it.
    const login = await b.post('/api/login', { username: account.username, password: PASSWORD });
    expect(login.json).toEqual({ secondFactor: 'enrol', totp: false, passkeys: false });
    expect((await b.post('/api/register', { ...fresh(), role: 'admin' })).status).toBe(403);
    const setup = await b.post('/api/auth/totp/setup');
    const key = fromBase32(setup.json.secret as string);
    const confirmed = await b.post('/api/auth/totp/confirm', { code: totpCode(key, stepAt(Date.now())) });
    expect(confirmed.status).toBe(200);
    expect((confirmed.json.user as { role: string }).role).toBe('master_admin');
    expect((await b.post('/api/register', { ...fresh(), role: 'admin' })).status).toBe(201);
  });
});
