import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionLookup } from './session-lookup';
import { hashToken } from './session-store';
import { sessions, users } from '../db';
import { setupApp } from '../../../test/helpers';

/**
 * Lookups asked for together are answered by one statement (decision 0039); these pin that nobody gets another's
 * session, whatever the batch looks like.
 */
let t: Awaited<ReturnType<typeof setupApp>>;
const ACCOUNTS = 300;
beforeAll(async () => {
  t = await setupApp();
  const now = new Date();
  const later = new Date(Date.now() + 3_600_000);
  const rows = Array.from({ length: ACCOUNTS }, (_, i) => ({
    username: `lookup${i}`,
    email: `lookup${i}@example.nz`,
    password: 'not a hash: never signed in with',
    role: i % 3 === 0 ? ('admin' as const) : ('client' as const),
  }));
  const inserted = await t.db.insert(users).values(rows).returning({ id: users.id, username: users.username });
  await t.db.insert(sessions).values(
    inserted.map((u) => ({
      id: hashToken(`token-${u.username}`),
      userId: u.id,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: later,
    })),
  );
});
afterAll(() => t.cleanup());

describe('sessionLookup', () => {
  it('answers each of many simultaneous lookups (more than one statement holds) with its own session', async () => {
    const lookup = sessionLookup(t.db);
    const asked = Array.from({ length: ACCOUNTS }, (_, i) => `lookup${(i * 7) % ACCOUNTS}`);
    const found = await Promise.all(asked.map((name) => lookup(hashToken(`token-${name}`))));
    expect(found.map((row) => row?.username)).toEqual(asked);
    expect(found.every((row) => row?.email === `${row?.username}@example.nz`)).toBe(true);
    expect(found[0]?.expiresAt).toBeInstanceOf(Date);
  });

  it('answers unknown ids with nothing and the same id asked twice twice', async () => {
    const lookup = sessionLookup(t.db);
    const [unknown, a, again, b] = await Promise.all([
      lookup(hashToken('no such token')),
      lookup(hashToken('token-lookup1')),
      lookup(hashToken('token-lookup1')),
      lookup(hashToken('token-lookup2')),
    ]);
    expect(unknown).toBeUndefined();
    expect([a?.username, again?.username, b?.username]).toEqual(['lookup1', 'lookup1', 'lookup2']);
  });

  it('answers a lone lookup, and lookups of later turns afresh (nothing is kept between turns)', async () => {
    const lookup = sessionLookup(t.db);
    expect((await lookup(hashToken('token-lookup5')))?.role).toBe('client');
    await t.db.delete(sessions).where(eq(sessions.id, hashToken('token-lookup5')));
    expect(await lookup(hashToken('token-lookup5'))).toBeUndefined();
  });

  it('fails every lookup of a batch whose statement fails, and recovers', async () => {
    const lookup = sessionLookup(t.db);
    await t.db.run(sql.raw('alter table sessions rename to sessions_away'));
    const failed = await Promise.allSettled([lookup('a'), lookup('b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await t.db.run(sql.raw('alter table sessions_away rename to sessions'));
    expect((await lookup(hashToken('token-lookup6')))?.username).toBe('lookup6');
  });
});
