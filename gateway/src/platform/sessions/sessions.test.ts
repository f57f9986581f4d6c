import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_ENDED_HINT, SESSION_ENDED_HINT_SECONDS, SIGNED_IN_COOKIE, type Role } from '@agency/contracts';
import { hashPassword } from '../../areas/accounts/passwords';
import { hashToken, MAX_SESSIONS_PER_USER } from './session-store';
import { sessions, users } from '../db';
import { browser, signInFully, withTestApp } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

/**
 * Session lifetimes (decision 0021): 7 days idle and 30 days at most for clients, 12 hours idle and 24 hours at
 * most for staff. Only Date is faked, so the database and argon2 run for real while the clock jumps.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PASSWORD = 'Kahikatea#2025';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.cleanup());
afterEach(() => {
  vi.useRealTimers();
});

let n = 0;
let start = 0;
/** Signs in a new account of `role` at a frozen moment; `at(ms)` then moves the clock to that long after it. */
async function signedIn(role: Role) {
  const username = `lifetime${++n}`;
  await t.db
    .insert(users)
    .values({ username, email: `${username}@example.nz`, password: await hashPassword(PASSWORD), role });
  if (role !== 'client') await withTestApp(t.db, username);
  start = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], now: start });
  const b = browser(t.app);
  const res = await signInFully(b, t.db, username, PASSWORD);
  expect(res.status).toBe(200);
  const stored = hashToken(b.jar.get('session')!);
  return { b, res, row: async () => (await t.db.select().from(sessions).where(eq(sessions.id, stored)))[0] };
}
const at = (ms: number) => vi.setSystemTime(start + ms);
const maxAge = (setCookie: string | null) => Number(/Max-Age=(\d+)/i.exec(setCookie ?? '')?.[1]);

describe('cookies say how long a session lasts', () => {
  it.each([
    ['client', 7 * DAY],
    ['admin', 12 * HOUR],
    ['master_admin', 12 * HOUR],
  ] as const)('%s: the session cookie lives as long as the idle limit', async (role, idle) => {
    const { res } = await signedIn(role);
    expect(maxAge(res.headers.get('set-cookie'))).toBe(idle / 1000);
  });
});

describe('client sessions', () => {
  it('end after 7 days unused', async () => {
    const { b, row } = await signedIn('client');
    const lastUse = 6 * DAY + 7 * DAY - MINUTE;
    for (const when of [6 * DAY, lastUse]) {
      at(when);
      expect((await b.get('/api/auth/user')).status).toBe(200);
    }
    at(lastUse + 7 * DAY + MINUTE);
    const ended = await b.get('/api/auth/user');
    expect(ended.status).toBe(401);
    expect(ended.headers.get('set-cookie')).toMatch(/^session=;.*Max-Age=0/);
    // The hint becomes the ended mark for a day: a reload goes to sign-in and back (decision 0102).
    expect(ended.headers.getSetCookie()).toContain(
      `${SIGNED_IN_COOKIE}=${SESSION_ENDED_HINT}; Max-Age=${SESSION_ENDED_HINT_SECONDS}; Path=/; SameSite=Lax`,
    );
    expect(await row()).toBeUndefined();
  });

  it('end 30 days after sign-in however often they are used', async () => {
    const { b } = await signedIn('client');
    for (const day of [6, 12, 18, 24, 29.9]) {
      at(day * DAY);
      expect((await b.get('/api/auth/user')).status, `day ${day}`).toBe(200);
    }
    at(30 * DAY + MINUTE);
    expect((await b.get('/api/auth/user')).status).toBe(401);
  });

  it('record a use at most once an hour, so a read is not also a write', async () => {
    const { b, row } = await signedIn('client');
    const first = await row();
    at(59 * MINUTE);
    const within = await b.get('/api/auth/user');
    expect(within.status).toBe(200);
    expect(within.headers.get('set-cookie')).toBeNull();
    expect(await row()).toEqual(first);

    at(61 * MINUTE);
    const after = await b.get('/api/auth/user');
    expect(after.status).toBe(200);
    // The cookie is sent again with the session's new end.
    expect(maxAge(after.headers.get('set-cookie'))).toBe((7 * DAY) / 1000);
    const touched = await row();
    expect(touched?.lastUsedAt.getTime()).toBe(start + 61 * MINUTE);
    expect(touched?.expiresAt.getTime()).toBe(start + 61 * MINUTE + 7 * DAY);
  });
});

describe('staff sessions', () => {
  it('end after 12 hours unused', async () => {
    const { b } = await signedIn('admin');
    at(11 * HOUR);
    expect((await b.get('/api/admin/users')).status).toBe(403); // signed in, not a master admin
    at(11 * HOUR + 12 * HOUR + MINUTE);
    expect((await b.get('/api/auth/user')).status).toBe(401);
  });

  it('end 24 hours after sign-in however often they are used, and the cookie says when', async () => {
    const { b } = await signedIn('master_admin');
    for (const hour of [8, 16]) {
      at(hour * HOUR);
      expect((await b.get('/api/auth/user')).status).toBe(200);
    }
    at(20 * HOUR);
    const late = await b.get('/api/auth/user');
    expect(late.status).toBe(200);
    // Four hours left of the day, not another twelve.
    expect(maxAge(late.headers.get('set-cookie'))).toBe((4 * HOUR) / 1000);
    at(DAY + MINUTE);
    expect((await b.get('/api/auth/user')).status).toBe(401);
  });

  it('record a use every 5 minutes at most', async () => {
    const { b, row } = await signedIn('admin');
    const first = await row();
    at(4 * MINUTE);
    expect((await b.get('/api/auth/user')).headers.get('set-cookie')).toBeNull();
    expect(await row()).toEqual(first);
    at(6 * MINUTE);
    expect(maxAge((await b.get('/api/auth/user')).headers.get('set-cookie'))).toBe((12 * HOUR) / 1000);
    expect((await row())?.lastUsedAt.getTime()).toBe(start + 6 * MINUTE);
  });
});

describe('sessions per account', () => {
  it(`keep the ${MAX_SESSIONS_PER_USER} most recently used; a sign-in past them ends the least recently used one`, async () => {
    const username = `many-browsers${++n}`;
    const [user] = await t.db
      .insert(users)
      .values({ username, email: `${username}@example.nz`, password: await hashPassword(PASSWORD), role: 'client' })
      .returning();
    const browsers = [];
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 5; i++) {
      const b = browser(t.app);
      expect((await b.post('/api/login', { username, password: PASSWORD })).status).toBe(200);
      browsers.push(b);
    }
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(stored).toHaveLength(MAX_SESSIONS_PER_USER);
    // The five oldest browsers are signed out; the newest ones are still in.
    for (const b of browsers.slice(0, 5)) expect((await b.get('/api/auth/user')).status).toBe(401);
    for (const b of browsers.slice(-3)) expect((await b.get('/api/auth/user')).status).toBe(200);
  });
});
