import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../app';
import { hashPassword } from './passwords';
import { users } from '../../platform/db';
import { createLogger } from '../../platform/logger';
import { browser, signInFully, withTestApp } from '../../../test/auth-client';
import { setupApp, asBrowsersAsk } from '../../../test/helpers';
import { startSmtp } from '../../../test/smtp';

/**
 * Strangers cannot lock an owner out (decision 0051): a browser that signed in to an account before carries a
 * signed device cookie, and its sign-in attempts count against that device alone, not against the account-wide
 * lock that guesses from unknown browsers run into (OWASP, "Slow Down Online Guessing Attacks with Device
 * Cookies"). Real HTTP through `app.request`, a real libSQL file, argon2 and a real SMTP server for the reset mail.
 */
const PASSWORD = 'Kahikatea#2025';
const NEW_PASSWORD = 'Totara!Strong9';
const WRONG = 'Wrong#Guess123';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.cleanup();
  await smtp.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let n = 0;
async function account(role: 'client' | 'admin' | 'master_admin' = 'master_admin') {
  const username = `Owner${++n}`;
  await t.db
    .insert(users)
    .values({ username, email: `owner${n}@example.nz`, password: await hashPassword(PASSWORD), role });
  if (role !== 'client') await withTestApp(t.db, username);
  return username;
}

type Browser = ReturnType<typeof browser>;
/** Both steps of a staff sign-in: the password, then the app's code (decision 0061). */
const signIn = (b: Browser, username: string, password = PASSWORD) => signInFully(b, t.db, username, password);

/** A browser that signed in to `username` and signed out again: it keeps only its device cookie. */
async function ownersBrowser(username: string) {
  const b = browser(t.app);
  expect((await signIn(b, username)).status).toBe(200);
  expect((await b.post('/api/logout')).status).toBe(200);
  expect(b.jar.has('session')).toBe(false);
  expect(b.jar.get('device')).toBeTruthy();
  return b;
}

/** Five wrong passwords from five addresses: the account is locked for every browser it does not know. */
async function lockedByStrangers(username: string) {
  for (let i = 0; i < 5; i++) expect((await signIn(browser(t.app), username, WRONG)).status).toBe(401);
  expect((await signIn(browser(t.app), username)).status).toBe(429);
}

/** A new browser (its own address, no cookies) carrying `device` as its device cookie. */
function browserWithDevice(device: string) {
  const b = browser(t.app);
  b.jar.set('device', device);
  return b;
}

describe("the owner's browser is not locked out by strangers", () => {
  it('signs in with its device cookie while the account is locked; a new browser still gets 429', async () => {
    const name = await account();
    const owner = await ownersBrowser(name);
    await lockedByStrangers(name);

    const res = await signIn(owner, name);
    expect(res.status).toBe(200);
    expect((await owner.get('/api/auth/user')).json.username).toBe(name);
    // Any case of the name is the same account, for the device cookie too.
    expect((await owner.post('/api/logout')).status).toBe(200);
    expect((await signIn(owner, name.toUpperCase())).status).toBe(200);

    // The owner's sign-in does not lift the lock for strangers: that would hand the guesser five more guesses.
    const stranger = await signIn(browser(t.app), name);
    expect(stranger.status).toBe(429);
    expect(stranger.json.message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('is an HttpOnly, SameSite=Lax cookie for 180 days, new (another nonce) at every sign-in', async () => {
    const name = await account('client');
    const b = browser(t.app);
    const first = await signIn(b, name);
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('device='));
    expect(cookie).toMatch(/; Max-Age=15552000(;|$)/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
    expect(cookie).not.toMatch(/Secure/);
    const before = b.jar.get('device')!;
    expect((await signIn(b, name)).status).toBe(200);
    expect(b.jar.get('device')).not.toBe(before);
    // Nothing in it is a secret or a password: the account's name, a nonce, an expiry and a signature.
    expect(before).not.toContain(PASSWORD);
    expect(before.split('.')).toHaveLength(4);
    // A wrong password issues nothing.
    const wrong = await signIn(browser(t.app), name, WRONG);
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith('device='))).toBe(false);
  });

  it('is __Host-device and Secure when the site is served over HTTPS', async () => {
    const https = await setupApp({ PUBLIC_ORIGIN: 'https://agency.test', PORTAL_ORIGIN: 'https://portal.test' });
    try {
      const username = 'secure-owner';
      await https.db
        .insert(users)
        .values({ username, email: 'secure@example.nz', password: await hashPassword(PASSWORD), role: 'admin' });
      await withTestApp(https.db, username);
      const b = browser(https.app, 'https://portal.test');
      const res = await signInFully(b, https.db, username, PASSWORD);
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-device='));
      expect(cookie).toMatch(/; Secure(;|$)/);
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).not.toMatch(/Domain/i);
    } finally {
      await https.cleanup();
    }
  });

  it('trusts no forged, altered, expired or other account’s device cookie', async () => {
    const name = await account();
    const other = await account('client');
    const genuine = (await ownersBrowser(name)).jar.get('device')!;
    const othersCookie = (await ownersBrowser(other)).jar.get('device')!;
    const [, nonce, expires, signature] = genuine.split('.') as [string, string, string, string];
    const [othersName] = othersCookie.split('.') as [string];
    const ownName = Buffer.from(name.toLowerCase()).toString('base64url');
    const signedWith = (key: Buffer, payload: string) =>
      `${payload}.${createHmac('sha256', key).update(`device-v1.${payload}`).digest('base64url')}`;
    const farFuture = String(Math.floor(Date.now() / 1000) + 365 * 24 * 3600);

    await lockedByStrangers(name);
    const refused: Record<string, string> = {
      'another account': othersCookie,
      "another account's cookie renamed": othersCookie.replace(othersName, ownName),
      'signed with another key': signedWith(randomBytes(32), `${ownName}.${nonce}.${expires}`),
      'a later expiry': `${ownName}.${nonce}.${farFuture}.${signature}`,
      'a changed nonce': `${ownName}.${randomBytes(16).toString('base64url')}.${expires}.${signature}`,
      'a changed signature': `${ownName}.${nonce}.${expires}.${signature.slice(0, -2)}AA`,
      'no signature': `${ownName}.${nonce}.${expires}`,
      garbage: 'x'.repeat(4000),
    };
    for (const [what, device] of Object.entries(refused))
      expect((await signIn(browserWithDevice(device), name)).status, what).toBe(429);
    // The genuine one still works, from another address too (the cookie, not the address, is the device).
    expect((await signIn(browserWithDevice(genuine), name)).status).toBe(200);
  });

  it('trusts a device cookie for 180 days, not after', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const [early, late] = [await account(), await account()];
    const earlyDevice = (await ownersBrowser(early)).jar.get('device')!;
    const lateDevice = (await ownersBrowser(late)).jar.get('device')!;

    vi.setSystemTime(start + 179 * DAY);
    await lockedByStrangers(early);
    expect((await signIn(browserWithDevice(earlyDevice), early)).status).toBe(200);

    vi.setSystemTime(start + 181 * DAY);
    await lockedByStrangers(late);
    expect((await signIn(browserWithDevice(lateDevice), late)).status).toBe(429);
  });

  it('locks a device that keeps failing, which then gets 429 even with the right password, until its window ends', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const name = await account();
    const [failing, steady] = [await ownersBrowser(name), await ownersBrowser(name)];
    for (let i = 0; i < 5; i++) expect((await signIn(failing, name, WRONG)).status).toBe(401);
    const locked = await signIn(failing, name);
    expect(locked.status).toBe(429);
    expect(locked.json.message).toMatch(/^Too many attempts\. Try again in 15 minutes\.$/);

    // Its failures were its own: the owner's other browser, and a new browser, are not held back by them.
    expect((await signIn(steady, name)).status).toBe(200);
    expect((await signIn(browser(t.app), name)).status).toBe(200);

    vi.setSystemTime(start + 15 * MINUTE + 1000);
    expect((await signIn(failing, name)).status).toBe(200);
  });

  it("gives a copy of a device cookie no fresh guesses when the owner's browser signs in with it", async () => {
    const name = await account();
    const owner = await ownersBrowser(name);
    const copy = browserWithDevice(owner.jar.get('device')!);
    for (let i = 0; i < 4; i++) expect((await signIn(copy, name, WRONG)).status).toBe(401);
    expect((await signIn(owner, name)).status).toBe(200);
    // That was the fifth attempt on the old nonce. The owner's browser now has a new one; the copy's count goes on
    // where it was, not from zero.
    expect((await signIn(copy, name, WRONG)).status).toBe(429);
    expect((await signIn(owner, name)).status).toBe(200);
  });

  it('gives device cookies no extra password checks per address', async () => {
    const name = await account('client');
    const address = '198.51.100.77';
    const owner = browser(t.app, undefined, address);
    expect((await signIn(owner, name)).status).toBe(200);
    // 29 more attempts from this address (the sign-in above was the first of its 30).
    const guesses = await Promise.all(
      Array.from({ length: 29 }, (_, i) => signIn(browser(t.app, undefined, address), `someone${i}`, WRONG)),
    );
    expect(guesses.every((g) => g.status === 401)).toBe(true);
    expect((await signIn(owner, name)).status).toBe(429);
  });

  it('is trusted by every gateway on the same database, and after a restart', async () => {
    const name = await account();
    const device = (await ownersBrowser(name)).jar.get('device')!;
    await lockedByStrangers(name);
    const restarted = asBrowsersAsk(
      createApp({ env: t.env, db: t.db, messaging: t.messaging, logger: createLogger('silent') }),
      t.env,
    );
    const b = browser(restarted);
    b.jar.set('device', device);
    expect((await signIn(b, name)).status).toBe(200);
    // One key for all of them, made once and kept in the database.
    expect(await t.db.all(sql`select name from signing_keys where name = 'device-cookie'`)).toEqual([
      { name: 'device-cookie' },
    ]);
  });
});

describe('what an operator sees', () => {
  it('one "sign-in locked" warning per lock and window, naming the account and which lock', async () => {
    const lines: string[] = [];
    const logged = asBrowsersAsk(
      createApp({
        env: t.env,
        db: t.db,
        messaging: t.messaging,
        logger: createLogger('warn', (l) => lines.push(l)),
      }),
      t.env,
    );
    const name = await account();
    const device = browser(logged);
    expect((await signIn(device, name)).status).toBe(200);
    for (let i = 0; i < 8; i++) await signIn(browser(logged), name, WRONG);
    for (let i = 0; i < 7; i++) await signIn(device, name, WRONG);
    const locks = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'sign-in locked')
      .map(({ lock, account, minutes }) => ({ lock, account, minutes }));
    expect(locks).toEqual([
      { lock: 'account', account: name.toLowerCase(), minutes: 15 },
      { lock: 'device', account: name.toLowerCase(), minutes: 15 },
    ]);
  });
});

describe('a completed password reset lifts every lock of the account at once', () => {
  const linkIn = (raw: string) => {
    const token = /reset-password\?token=([\w-]+)/.exec(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1];
    expect(token).toMatch(/^[\w-]{43}$/);
    return token!;
  };
  async function reset(name: string) {
    smtp.received.length = 0;
    expect((await browser(t.app).post('/api/forgot-password', { username: name })).status).toBe(200);
    await t.mailer.idle();
    const res = await browser(t.app).post('/api/reset-password', {
      token: linkIn(smtp.received[0]!.raw),
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
  }

  it('the account lock, its devices’ locks and its password-change lock', async () => {
    const name = await account();
    const device = await ownersBrowser(name);
    const session = browser(t.app);
    expect((await signIn(session, name)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn(device, name, WRONG)).status).toBe(401);
    expect((await signIn(device, name)).status).toBe(429);
    await lockedByStrangers(name);
    for (let i = 0; i < 5; i++)
      await session.post('/api/change-password', { currentPassword: WRONG, newPassword: NEW_PASSWORD });
    expect(
      (await session.post('/api/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status,
    ).toBe(429);

    await reset(name);

    expect((await signIn(browser(t.app), name, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(device, name, NEW_PASSWORD)).status).toBe(200);
    // The reset ended every session; signed in again, the same person may change the password at once.
    expect((await session.get('/api/auth/user')).status).toBe(401);
    expect((await signIn(session, name, NEW_PASSWORD)).status).toBe(200);
    expect(
      (await session.post('/api/change-password', { currentPassword: NEW_PASSWORD, newPassword: PASSWORD })).status,
    ).toBe(200);
  });

  it('leaves the locks of other accounts alone', async () => {
    const [mine, theirs] = [await account(), await account()];
    await lockedByStrangers(theirs);
    await lockedByStrangers(mine);
    await reset(mine);
    expect((await signIn(browser(t.app), mine, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(browser(t.app), theirs)).status).toBe(429);
  });
});
