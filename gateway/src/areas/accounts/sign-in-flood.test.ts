import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_WORK, passwordQueueStats } from './passwords';
import { users } from '../../platform/db';
import { hashPassword } from './passwords';
import { browser, TEST_PASSWORD } from '../../../test/auth-client';
import { setupApp } from '../../../test/helpers';

/**
 * Sign-in under a flood of guesses from many addresses (decision 0084): more wrong passwords arrive at once than the
 * password queue holds. The owner, from a browser that signed in before, is served; the flood is turned away with 429
 * and Retry-After, never 503. Not timed: what is checked is who was answered what. The order of the queue itself is
 * checked step by step in src/areas/accounts/password-queue.test.ts; the timed target is `pnpm --filter @agency/bench sign-in`.
 */
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp({});
});
afterAll(() => t.cleanup());

describe('a guessing flood', () => {
  it("serves the owner's known browser first and sheds guesses with 429, not 503", async () => {
    await t.db.insert(users).values({
      username: 'flood-owner',
      email: 'owner@example.nz',
      password: await hashPassword(TEST_PASSWORD),
      role: 'client',
    });
    // The owner's browser signed in before: it holds the account's device cookie.
    const owner = browser(t.app);
    expect((await owner.post('/api/login', { username: 'flood-owner', password: TEST_PASSWORD })).status).toBe(200);

    // Twice what the queue holds, each from an address of its own (no limit reached), at once; the owner among them.
    const flood = Array.from({ length: 2 * (PASSWORD_WORK.concurrent + PASSWORD_WORK.waiting) }, (_, i) =>
      browser(t.app).post('/api/login', { username: `guess${i}`, password: 'Wrong#Pass2026' }),
    );
    const mine = owner.post('/api/login', { username: 'flood-owner', password: TEST_PASSWORD });
    const answers = await Promise.all(flood);
    const signedIn = await mine;

    expect(signedIn.status, signedIn.text).toBe(200);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    const shed = answers.filter((a) => a.status === 429);
    expect(shed.length).toBeGreaterThan(0);
    for (const a of shed) {
      expect(a.headers.get('retry-after')).toBe('5');
      expect(a.json.message).toMatch(/very busy/);
    }
    expect(passwordQueueStats()).toEqual({ running: 0, known: 0, clean: 0, other: 0 });
  });
});
