import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  googleOauthAttempts,
  passwordResetTokens,
  rateLimits,
  releaseSamples,
  sessions,
  users,
} from '../../platform/db';
import { createLogger } from '../../platform/logger';
import { BATCH_ROWS, nextBatchRows } from '../../platform/db/batches';
import { housekeeping } from './housekeeping';
import { RELEASE_SAMPLES_KEPT_MS } from '../releases/figures';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.cleanup());

it('deletes finished rate-limit windows, ended sessions and spent reset links and old measurements, and keeps the rest', async () => {
  const now = Date.now();
  const past = new Date(now - 1000);
  const future = new Date(now + 60_000);
  const [user] = await t.db
    .insert(users)
    .values({ username: 'sweep', email: 'sweep@example.nz', password: 'x' })
    .returning();
  const userId = user!.id;
  await t.db.insert(rateLimits).values([
    { key: 'lead:ip:203.0.113.1', count: 3, resetAt: past },
    { key: 'lead:ip:203.0.113.2', count: 3, resetAt: future },
  ]);
  await t.db.insert(sessions).values([
    { id: 'ended', userId, expiresAt: past },
    { id: 'live', userId, expiresAt: future },
  ]);
  await t.db.insert(passwordResetTokens).values([
    { tokenHash: 'expired', userId, expiresAt: past },
    { tokenHash: 'used', userId, expiresAt: future, usedAt: past },
    { tokenHash: 'outstanding', userId, expiresAt: future },
  ]);
  await t.db.insert(releaseSamples).values([
    { at: new Date(now - RELEASE_SAMPLES_KEPT_MS - 1000), remote: 'quoting', version: 'old', kind: 'load', value: 1 },
    {
      at: new Date(now - RELEASE_SAMPLES_KEPT_MS + 60_000),
      remote: 'quoting',
      version: 'recent',
      kind: 'load',
      value: 1,
    },
  ]);
  await t.db.insert(googleOauthAttempts).values([
    { stateHash: 'abandoned', clientId: userId, staffId: userId, codeVerifier: 'v', expiresAt: past },
    { stateHash: 'under-way', clientId: userId, staffId: userId, codeVerifier: 'v', expiresAt: future },
  ]);
  await housekeeping(t.db, createLogger('silent')).sweep(new Date(now));
  expect((await t.db.select().from(releaseSamples)).map((r) => r.version)).toEqual(['recent']);
  expect((await t.db.select().from(rateLimits)).map((r) => r.key)).toEqual(['lead:ip:203.0.113.2']);
  expect((await t.db.select().from(sessions)).map((s) => s.id)).toEqual(['live']);
  expect((await t.db.select().from(passwordResetTokens)).map((r) => r.tokenHash)).toEqual(['outstanding']);
  expect((await t.db.select().from(googleOauthAttempts)).map((r) => r.stateHash)).toEqual(['under-way']);
});

it('deletes a backlog in bounded batches, each its own short transaction, and reports them', async () => {
  const now = Date.now();
  const old = new Date(now - RELEASE_SAMPLES_KEPT_MS - 60_000);
  await t.db.insert(releaseSamples).values(
    Array.from({ length: 35 }, (_, i) => ({
      at: old,
      remote: 'quoting',
      version: 'backlog',
      kind: 'load' as const,
      value: i,
    })),
  );
  await t.db
    .insert(releaseSamples)
    .values({ at: new Date(now), remote: 'quoting', version: 'kept', kind: 'load', value: 1 });
  const report = await housekeeping(t.db, createLogger('silent'), {}, { batchRows: 10 }).sweep(new Date(now));
  expect(report.deleted.release_samples).toBe(35);
  // Four batches of samples (10, 10, 10, 5), one for each other table (five of them).
  expect(report.batches).toBe(4 + 5);
  expect(report.longestBatchMs).toBeGreaterThan(0);
  expect((await t.db.select().from(releaseSamples)).map((r) => r.version)).toContain('kept');
  expect((await t.db.select().from(releaseSamples)).map((r) => r.version)).not.toContain('backlog');
});

it.each([
  // [rows of the last batch, its milliseconds, rows of the next]
  [1000, 30, 500], // held the database too long: halved
  [100, 200, 50], // at the least, however slow
  [50, 500, 50],
  [1000, 10, 1000], // within the target: kept
  [1000, 2, 2000], // quick: doubled
  [4000, 1, 5000], // up to the most
])('sizes the next batch by the time the last one held the database: %i rows in %i ms -> %i', (rows, ms, next) => {
  expect(nextBatchRows(rows, ms)).toBe(next);
});

it('sizes batches by time unless told a size, and deletes a whole backlog as the sizes change', async () => {
  const now = Date.now();
  const old = new Date(now - RELEASE_SAMPLES_KEPT_MS - 60_000);
  const rows = Array.from({ length: 9_000 }, (_, i) => ({
    at: old,
    remote: 'marketing',
    version: 'adaptive',
    kind: 'load' as const,
    value: i,
  }));
  for (let i = 0; i < rows.length; i += 1000) await t.db.insert(releaseSamples).values(rows.slice(i, i + 1000));
  const report = await housekeeping(t.db, createLogger('silent')).sweep(new Date(now));
  expect(report.deleted.release_samples).toBe(9_000);
  // However the host's speed sized them, no batch was over the most.
  expect(report.batches - 5).toBeGreaterThanOrEqual(Math.ceil(9_000 / BATCH_ROWS.most) + 1);
  expect(await t.db.$count(releaseSamples, eq(releaseSamples.version, 'adaptive'))).toBe(0);
});

it("reports the longest hold of the sweep and of its jobs' batches, and where it was", async () => {
  const report = await housekeeping(t.db, createLogger('silent'), {
    retention: (_now, meter) => meter.time('retention: slow batch', () => new Promise((r) => setTimeout(r, 40))),
  }).sweep();
  expect(report.longestBatchIn).toBe('retention: slow batch');
  expect(report.longestBatchMs).toBeGreaterThanOrEqual(39);
  // The six tables' batches and the job's one.
  expect(report.batches).toBe(6 + 1);
});
