import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_WORK } from './passwords';
import { users } from '../../platform/db';
import { browser } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';
import { startSmtp } from '../../../test/smtp';

/**
 * Sign-in throttling under bursts, and identities in any case (decisions 0019 and 0020). Every burst is sent with
 * Promise.all against the real app over a libSQL file; a 401 is an attempt whose password was checked.
 */
const PASSWORD = 'Kahikatea#2025';
const WRONG = 'Wrong#Guess123';

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

let n = 0;
async function account(role: 'client' | 'admin' = 'client', username = `burst${++n}`) {
  await t.db
    .insert(users)
    .values({ username, email: `${username}@example.nz`.toLowerCase(), password: await hashPassword(PASSWORD), role });
  return username;
}

const login = (username: string, password: string, address?: string) =>
  browser(t.app, undefined, address).post('/api/login', { username, password });

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe('login throttling under parallel bursts', () => {
  it('lets 5 of 50 simultaneous wrong passwords for one account reach the password check; 45 get 429', async () => {
    const name = await account('admin');
    const answers = await Promise.all(Array.from({ length: 50 }, () => login(name, WRONG)));
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 5, 429: 45 });
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
      expect(refused.json.message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    }
    // The right password is refused too while the account is locked: otherwise the lock would tell a guesser which
    // guess was right.
    expect((await login(name, PASSWORD)).status).toBe(429);
  });

  it('lets 30 of 50 simultaneous wrong passwords from one address reach the password check', async () => {
    const names = await Promise.all(Array.from({ length: 50 }, () => account()));
    const answers = await Promise.all(names.map((name) => login(name, WRONG, '198.51.100.30')));
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 30, 429: 20 });
    // Another address is not affected.
    expect((await login(names[0]!, PASSWORD, '198.51.100.31')).status).toBe(200);
  });

  it('counts unknown usernames the same way, so the limit says nothing about which names exist', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => login('nobody-at-all', WRONG)));
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 5, 429: 15 });
  });

  it("a correct sign-in clears only its own account's counter, never the address's", async () => {
    const [mine, other] = [await account(), await account()];
    const address = '198.51.100.40';
    for (let i = 0; i < 4; i++) expect((await login(mine, WRONG, address)).status).toBe(401);
    for (let i = 0; i < 4; i++) expect((await login(other, WRONG, address)).status).toBe(401);
    expect((await login(mine, PASSWORD, address)).status).toBe(200);
    // Mine starts again from zero; the other account still has one attempt left.
    for (let i = 0; i < 5; i++) expect((await login(mine, WRONG, '198.51.100.41')).status).toBe(401);
    expect((await login(other, WRONG, '198.51.100.42')).status).toBe(401);
    expect((await login(other, PASSWORD, '198.51.100.42')).status).toBe(429);
    // The address has used 4 + 4 + 1 = 9 of its 30; 21 more checks, then it is refused even with the right password.
    const rest = await Promise.all(Array.from({ length: 21 }, (_, i) => login(`stranger${i}`, WRONG, address)));
    expect(tally(rest.map((r) => r.status))).toEqual({ 401: 21 });
    expect((await login(mine, PASSWORD, address)).status).toBe(429);
  });

  it('queues password checks of a flood from many addresses, and turns away what the queue cannot hold with 429, never 503 or 500 (decision 0084)', async () => {
    // 150 strangers at once, each trying one unknown name from an address of its own: no limit stops them, so the
    // password work's own queue (areas/accounts/passwords.ts) is what keeps the cores for everyone else.
    const statuses = await Promise.all(
      Array.from({ length: 150 }, (_, i) => login(`flood${i}`, WRONG).then((r) => r.status)),
    );
    const counts = tally(statuses);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expect(counts[401]).toBeGreaterThanOrEqual(PASSWORD_WORK.waiting);
    const busy = await login('flood-after', WRONG);
    expect(busy.status).toBe(401); // the queue drained: checks are answered again
  });

  it('counts forgot-password requests before any work, under a burst as well', async () => {
    const name = await account();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => browser(t.app).post('/api/forgot-password', { username: name })),
    );
    expect(tally(answers.map((a) => a.status))).toEqual({ 200: 3, 429: 9 });
  });
});

describe('usernames and e-mail addresses are identities in any case', () => {
  it('refuses a look-alike registration with 409 naming the field', async () => {
    const first = await browser(t.app).post('/api/register', {
      username: 'probe-rl3',
      email: 'probe@example.nz',
      password: PASSWORD,
    });
    expect(first.status).toBe(201);
    for (const username of ['PROBE-RL3', 'Probe-Rl3', ' probe-rl3 ', 'ｐｒｏｂｅ-ｒｌ３']) {
      const res = await browser(t.app).post('/api/register', {
        username,
        email: `${n++}@example.nz`,
        password: PASSWORD,
      });
      expect(res.status, username).toBe(409);
      expect(res.json.errors).toEqual({ username: 'That username is already taken' });
    }
    for (const email of ['PROBE@example.nz', 'Probe@EXAMPLE.NZ', 'ｐｒｏｂｅ@example.nz']) {
      const res = await browser(t.app).post('/api/register', { username: `other${n++}`, email, password: PASSWORD });
      expect(res.status, email).toBe(409);
      expect(res.json.errors).toEqual({ email: 'An account with that email already exists' });
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'probe@example.nz'))).toHaveLength(1);
  });

  it('refuses the second of two simultaneous registrations that differ only in case', async () => {
    const answers = await Promise.all(
      ['Race-Name', 'race-name', 'RACE-NAME'].map((username, i) =>
        browser(t.app).post('/api/register', { username, email: `race${i}@example.nz`, password: PASSWORD }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.json.errors).toHaveProperty('username');
  });

  it('signs in with any case or width of the name, as the account it is', async () => {
    const name = await account('client', 'Demo-Admin');
    for (const typed of ['demo-admin', 'DEMO-ADMIN', '  Demo-Admin ', 'ｄｅｍｏ－ａｄｍｉｎ']) {
      const res = await login(typed, PASSWORD);
      expect(res.status, typed).toBe(200);
      expect(res.json.username).toBe(name);
    }
  });

  it('counts every case of a name against one lock, which no variant can clear', async () => {
    const name = await account('admin', 'Probe-Lock');
    const variants = [
      'probe-lock',
      'PROBE-LOCK',
      'Probe-Lock',
      'pRoBe-LoCk',
      'ｐｒｏｂｅ-ｌｏｃｋ',
      'probe-LOCK',
      'Probe-lock',
    ];
    const answers = await Promise.all(variants.map((v) => login(v, WRONG)));
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 5, 429: 2 });
    for (const v of variants) expect((await login(v, PASSWORD)).status, v).toBe(429);
    expect(name).toBe('Probe-Lock');
  });

  it('sends the reset link for any case of the name, and throttles all cases as one', async () => {
    const name = await account('client', 'Reset-Case');
    smtp.received.length = 0;
    const statuses = [];
    for (const typed of ['reset-case', 'RESET-CASE', 'Reset-Case', 'ｒｅｓｅｔ-ｃａｓｅ'])
      statuses.push((await browser(t.app).post('/api/forgot-password', { username: typed })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    await t.mailer.idle();
    expect(smtp.received.map((m) => m.to)).toEqual([
      [`${name.toLowerCase()}@example.nz`],
      [`reset-case@example.nz`],
      ['reset-case@example.nz'],
    ]);
  });
});
