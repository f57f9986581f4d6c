import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../app';
import { hashPassword } from './passwords';
import { createLogger } from '../../platform/logger';
import { stepAt, totpCode } from './totp';
import {
  passkeys,
  recoveryCodes,
  securityAuditView as securityAudit,
  sessions,
  totpFactors,
  users,
} from '../../platform/db';
import {
  browser,
  freshCode,
  fromBase32,
  proveSecondFactor,
  signedIn,
  TEST_PASSWORD,
  TEST_TOTP_KEY,
  withTestApp,
} from '../../../test/auth-client';
import { setupApp, asBrowsersAsk } from '../../../test/helpers';
import { startSmtp } from '../../../test/smtp';

/**
 * Staff sign in with a second factor (decision 0061): enrolment, codes (the ±1 step window, no code twice,
 * guesses throttled with the device rule), recovery codes, step-up, resets. Real HTTP through `app.request`, a real
 * libSQL file, argon2 and a real SMTP server; only Date is faked where a test moves the clock.
 */
const MINUTE = 60_000;
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

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
afterEach(() => {
  vi.useRealTimers();
});

let n = 0;
type Browser = ReturnType<typeof browser>;
/** A staff account with no factor yet. */
async function newStaff(role: 'admin' | 'master_admin' = 'admin') {
  const username = `staff${++n}`;
  const [row] = await t.db
    .insert(users)
    .values({ username, email: `${username}@example.nz`, password: await hashPassword(TEST_PASSWORD), role })
    .returning();
  return row!;
}
const password = (b: Browser, username: string) => b.post('/api/login', { username, password: TEST_PASSWORD });
const code = (b: Browser, value: string) => b.post('/api/auth/second-factor', { code: value });

/** Enrols `username` through the API in browser `b` (signed in with the password already): its key and codes. */
async function enrol(b: Browser) {
  const setup = await b.post('/api/auth/totp/setup');
  expect(setup.status).toBe(200);
  const key = fromBase32(setup.json.secret as string);
  const confirmed = await b.post('/api/auth/totp/confirm', { code: totpCode(key, stepAt(Date.now())) });
  expect(confirmed.status).toBe(200);
  return { key, recoveryCodes: confirmed.json.recoveryCodes as string[], setup };
}

describe('enrolment', () => {
  it('sends staff without a factor to set up an app, and no staff API answers before it is confirmed', async () => {
    const staff = await newStaff();
    const b = browser(t.app);
    const login = await password(b, staff.username);
    expect(login.status).toBe(200);
    expect(login.json).toEqual({ secondFactor: 'enrol', totp: false, passkeys: false });
    // The pages are not told someone is signed in, and nothing but the second step opens.
    expect(login.headers.getSetCookie().find((c) => c.startsWith('signed-in='))).toMatch(/^signed-in=;/);
    for (const path of ['/api/auth/user', '/api/admin/leads?type=quote', '/api/admin/clients', '/api/account/sessions'])
      expect((await b.get(path)).status, path).toBe(401);

    const setup = await b.post('/api/auth/totp/setup');
    expect(setup.json.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.json.uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=/);
    expect(setup.json.qrCode).toMatch(/^data:image\/png;base64,/);
    // The key is stored sealed, not as the text the person typed.
    const [stored] = await t.db.select().from(totpFactors).where(eq(totpFactors.userId, staff.id));
    expect(stored?.secret).not.toContain(setup.json.secret as string);
    expect(stored?.confirmedAt).toBeNull();

    const key = fromBase32(setup.json.secret as string);
    const wrong = await b.post('/api/auth/totp/confirm', { code: totpCode(key, stepAt(Date.now()) + 5) });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toHaveProperty('code');
    expect((await b.get('/api/admin/clients')).status).toBe(401);

    const confirmed = await b.post('/api/auth/totp/confirm', { code: totpCode(key, stepAt(Date.now())) });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.json.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Stored hashed: no code appears in the table.
    const rows = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, staff.id));
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(codes).not.toContain(row.codeHash);
    expect(codes.map((c) => c.replace('-', '')).some((c) => rows.some((r) => r.codeHash.includes(c)))).toBe(false);

    expect(confirmed.headers.getSetCookie().find((c) => c.startsWith('signed-in='))).toMatch(/^signed-in=1;/);
    expect((await b.get('/api/admin/clients')).status).toBe(200);
    // A confirmed app is replaced only through a reset.
    expect((await b.post('/api/auth/totp/setup')).status).toBe(409);
  });

  it('does not let a password add an app to an account that already has a factor', async () => {
    const staff = await newStaff();
    const first = browser(t.app);
    await password(first, staff.username);
    await enrol(first);
    const thief = browser(t.app);
    expect((await password(thief, staff.username)).json).toEqual({
      secondFactor: 'verify',
      totp: true,
      passkeys: false,
    });
    expect((await thief.post('/api/auth/totp/setup')).status).toBe(401);
    expect((await thief.post('/api/auth/totp/confirm', { code: '123456' })).status).toBe(401);
  });

  it('sends a client promoted to staff to set up an app at their next sign-in', async () => {
    const master = await signedIn(t.app, t.db, 'master_admin', `promoter${++n}`);
    const client = await signedIn(t.app, t.db, 'client', `promoted${++n}`);
    expect((await master.b.patch(`/api/admin/users/${client.id}/role`, { role: 'admin' })).status).toBe(200);
    // A role change ends the account's sessions; the password then leads to setting up an app.
    expect((await client.b.get('/api/auth/user')).status).toBe(401);
    expect((await password(client.b, client.username)).json).toMatchObject({ secondFactor: 'enrol' });
    expect((await client.b.get('/api/admin/clients')).status).toBe(401);
    await enrol(client.b);
    expect((await client.b.get('/api/admin/clients')).status).toBe(200);
  });
});

describe('codes', () => {
  it('accepts the codes of the step before and after now, and none further off', async () => {
    const staff = await newStaff();
    await withTestApp(t.db, staff.username);
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now });
    const step = stepAt(now);
    for (const off of [-2, 2]) {
      const b = browser(t.app);
      await password(b, staff.username);
      expect((await code(b, totpCode(TEST_TOTP_KEY, step + off))).status, `step ${off}`).toBe(400);
    }
    for (const off of [-1, 0, 1]) {
      // Each step once, in order: an earlier step after a later one would be refused as used.
      const b = browser(t.app);
      await password(b, staff.username);
      expect((await code(b, totpCode(TEST_TOTP_KEY, step + off))).status, `step ${off}`).toBe(200);
    }
  });

  it('accepts each code once, and no older one after it, on any gateway', async () => {
    const staff = await signedIn(t.app, t.db, 'admin', `replay${++n}`);
    const b = browser(t.app);
    await password(b, staff.username);
    const value = await freshCode(t.db, staff.id);
    expect((await code(b, value)).status).toBe(200);

    const again = browser(t.app);
    await password(again, staff.username);
    const replay = await code(again, value);
    expect(replay.status).toBe(400);
    expect(replay.json.message).toMatch(/used already/);
    // A second gateway over the same database refuses it too: the last step is stored, not remembered.
    const other = asBrowsersAsk(
      createApp({ env: t.env, db: t.db, messaging: t.messaging, logger: createLogger('silent') }),
      t.env,
    );
    const there = browser(other);
    await there.post('/api/login', { username: staff.username, password: TEST_PASSWORD });
    expect((await there.post('/api/auth/second-factor', { code: value })).status).toBe(400);
  });

  it('throttles guesses per account, and the owner signs in from a browser they used before', async () => {
    const staff = await signedIn(t.app, t.db, 'admin', `guessed${++n}`);
    // The owner's browser completed a sign-in: it holds a device cookie of the account.
    expect(staff.b.jar.get('device')).toBeTruthy();
    await staff.b.post('/api/logout');

    for (let i = 0; i < 5; i++) {
      const stranger = browser(t.app);
      await password(stranger, staff.username);
      expect((await code(stranger, '000000')).status).toBe(400);
    }
    const stranger = browser(t.app);
    await password(stranger, staff.username);
    const locked = await code(stranger, await freshCode(t.db, staff.id));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);

    // The owner's browser counts against its own lock, which strangers cannot fill.
    await password(staff.b, staff.username);
    expect((await code(staff.b, await freshCode(t.db, staff.id))).status).toBe(200);
  });

  it('lets each recovery code sign in once, and says how many are left', async () => {
    const staff = await newStaff();
    const first = browser(t.app);
    await password(first, staff.username);
    const { recoveryCodes: codes } = await enrol(first);

    const lost = browser(t.app);
    await password(lost, staff.username);
    // Typed in capitals with a space instead of the hyphen: the same code.
    const used = await code(lost, codes[3]!.toUpperCase().replace('-', ' '));
    expect(used.status).toBe(200);
    expect((await lost.get('/api/account/security')).json.recoveryCodesLeft).toBe(9);

    const again = browser(t.app);
    await password(again, staff.username);
    expect((await code(again, codes[3]!)).status).toBe(400);
    expect((await code(again, codes[4]!)).status).toBe(200);
  });
});

describe('step-up', () => {
  it('asks for a fresh factor for a role change and the lead export after 15 minutes, then lets them through', async () => {
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now });
    const master = await signedIn(t.app, t.db, 'master_admin', `stepper${++n}`);
    const client = await signedIn(t.app, t.db, 'client', `subject${++n}`);
    const role = `/api/admin/users/${client.id}/role`;
    expect((await master.b.patch(role, { role: 'client' })).status).toBe(200);
    expect((await master.b.get('/api/admin/leads/export.csv?type=quote')).status).toBe(200);

    vi.setSystemTime(now + 16 * MINUTE);
    for (const res of [
      await master.b.patch(role, { role: 'client' }),
      await master.b.get('/api/admin/leads/export.csv?type=quote'),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json.errors).toHaveProperty('secondFactor');
    }
    // Other staff reads do not ask.
    expect((await master.b.get('/api/admin/users')).status).toBe(200);

    const wrong = await master.b.post('/api/auth/second-factor', { code: '000000' });
    expect(wrong.status).toBe(400);
    await proveSecondFactor(master.b, t.db, master.id);
    expect((await master.b.patch(role, { role: 'client' })).status).toBe(200);
    expect((await master.b.get('/api/admin/leads/export.csv?type=quote')).status).toBe(200);
  });
});

describe('recovery', () => {
  it('does not let a password reset skip the second factor of a staff account', async () => {
    const staff = await signedIn(t.app, t.db, 'admin', `resetter${++n}`);
    await t.mailer.idle();
    smtp.received.length = 0;
    await browser(t.app).post('/api/forgot-password', { username: staff.username });
    await t.mailer.idle();
    const token = /reset-password\?token=([\w-]+)/.exec(
      smtp.received
        .at(-1)!
        .raw.replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )![1]!;
    const reset = await browser(t.app).post('/api/reset-password', { token, newPassword: 'Totara!Strong9' });
    expect(reset.status).toBe(200);

    const b = browser(t.app);
    const login = await b.post('/api/login', { username: staff.username, password: 'Totara!Strong9' });
    expect(login.json).toEqual({ secondFactor: 'verify', totp: true, passkeys: false });
    expect((await b.get('/api/admin/clients')).status).toBe(401);
  });

  it("lets a master admin reset another staff member's factors, audited; they enrol again at their next sign-in", async () => {
    const master = await signedIn(t.app, t.db, 'master_admin', `resetting${++n}`);
    const admin = await signedIn(t.app, t.db, 'admin', `lostphone${++n}`);
    await t.db
      .insert(passkeys)
      .values({ id: `key-${n}`, userId: admin.id, name: 'Old laptop', publicKey: 'x', transports: [] });
    expect((await admin.b.post(`/api/admin/users/${master.id}/reset-second-factor`)).status).toBe(403);
    expect((await master.b.post(`/api/admin/users/${master.id}/reset-second-factor`)).status).toBe(409);

    const res = await master.b.post(`/api/admin/users/${admin.id}/reset-second-factor`);
    expect(res.status).toBe(200);
    const [audit] = await t.db.select().from(securityAudit).where(eq(securityAudit.subjectId, admin.id));
    expect(audit).toMatchObject({
      actorId: master.id,
      action: 'reset-second-factor',
      subject: `${admin.username}@example.nz`,
    });
    expect(await t.db.select().from(totpFactors).where(eq(totpFactors.userId, admin.id))).toEqual([]);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, admin.id))).toEqual([]);
    // Every session of theirs has ended.
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, admin.id))).toEqual([]);
    expect((await admin.b.get('/api/auth/user')).status).toBe(401);
    expect((await password(browser(t.app), admin.username)).json).toMatchObject({ secondFactor: 'enrol' });
  });

  it("refuses to remove a staff account's last factor, and removes a client's passkey", async () => {
    const admin = await signedIn(t.app, t.db, 'admin', `keyholder${++n}`);
    await t.db.delete(totpFactors).where(eq(totpFactors.userId, admin.id));
    await t.db
      .insert(passkeys)
      .values({ id: `only-${n}`, userId: admin.id, name: 'Phone', publicKey: 'x', transports: [] });
    const refused = await admin.b.del(`/api/account/passkeys/only-${n}`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/last second factor/);

    const client = await signedIn(t.app, t.db, 'client', `clientkey${++n}`);
    await t.db
      .insert(passkeys)
      .values({ id: `c-${n}`, userId: client.id, name: 'Phone', publicKey: 'x', transports: [] });
    expect((await admin.b.del(`/api/account/passkeys/c-${n}`)).status).toBe(404);
    expect((await client.b.del(`/api/account/passkeys/c-${n}`)).status).toBe(200);
  });
});

describe('sessions', () => {
  it('lists where the account is signed in and signs out any or all others', async () => {
    const username = `traveller${++n}`;
    await signedIn(t.app, t.db, 'client', username);
    const browsers = [browser(t.app), browser(t.app), browser(t.app)];
    for (const b of browsers)
      await b.post('/api/login', { username, password: TEST_PASSWORD }, { 'user-agent': CHROME });
    const [me, other] = browsers as [Browser, Browser, Browser];
    const list = (await me.get('/api/account/sessions')).json.items as Record<string, unknown>[];
    expect(list).toHaveLength(4);
    const mine = list.find((s) => s.current)!;
    expect(mine).toMatchObject({ browser: 'Chrome', device: 'Linux', address: me.address });
    expect(Date.parse(mine.firstSeen as string)).toBeGreaterThan(Date.now() - MINUTE);

    const otherId = (await other.get('/api/account/sessions')).json.items as Record<string, unknown>[];
    const target = otherId.find((s) => s.current)!.id as string;
    expect((await me.del(`/api/account/sessions/${target}`)).status).toBe(200);
    expect((await other.get('/api/auth/user')).status).toBe(401);
    expect((await me.del(`/api/account/sessions/${mine.id as string}`)).status).toBe(409);
    expect((await me.del('/api/account/sessions/not-a-session')).status).toBe(400);

    const ended = await me.post('/api/account/sessions/end-others');
    expect(ended.json.ended).toBe(2);
    expect(((await me.get('/api/account/sessions')).json.items as unknown[]).length).toBe(1);
    expect((await me.get('/api/auth/user')).status).toBe(200);
  });

  it('e-mails the owner when a new browser signs in, naming it, and not for a browser it knows', async () => {
    const username = `watched${++n}`;
    await signedIn(t.app, t.db, 'client', username);
    await t.mailer.idle();
    smtp.received.length = 0;
    const b = browser(t.app);
    await b.post('/api/login', { username, password: TEST_PASSWORD }, { 'user-agent': CHROME });
    await t.mailer.idle();
    expect(smtp.received.map((m) => m.to)).toEqual([[`${username}@example.nz`]]);
    expect(smtp.received[0]!.raw).toMatch(/New sign-in/);
    expect(smtp.received[0]!.raw.replace(/=\r?\n/g, '')).toContain('Chrome on Linux');
    // In the agency's and its clients' time, never UTC.
    const body = smtp.received[0]!.raw.replace(/=\r?\n/g, '');
    expect(body).toContain('(New Zealand time)');
    expect(body).not.toMatch(/\d\d:\d\d UTC/);

    await b.post('/api/logout');
    await b.post('/api/login', { username, password: TEST_PASSWORD }, { 'user-agent': CHROME });
    await t.mailer.idle();
    expect(smtp.received).toHaveLength(1);
  });
});
