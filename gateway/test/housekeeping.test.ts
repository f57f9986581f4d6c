import { afterAll, beforeAll, expect, it } from 'vitest';
import { passwordResetTokens, rateLimits, releaseSamples, sessions, users } from '../src/db';
import { createLogger } from '../src/logger';
import { housekeeping, RELEASE_SAMPLES_KEPT_MS } from '../src/ops/housekeeping';
import { setupApp } from './helpers';

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
  await housekeeping(t.db, createLogger('silent')).sweep(new Date(now));
  expect((await t.db.select().from(releaseSamples)).map((r) => r.version)).toEqual(['recent']);
  expect((await t.db.select().from(rateLimits)).map((r) => r.key)).toEqual(['lead:ip:203.0.113.2']);
  expect((await t.db.select().from(sessions)).map((s) => s.id)).toEqual(['live']);
  expect((await t.db.select().from(passwordResetTokens)).map((r) => r.tokenHash)).toEqual(['outstanding']);
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
  // Four batches of samples (10, 10, 10, 5), one for each other table (four of them).
  expect(report.batches).toBe(4 + 4);
  expect(report.longestBatchMs).toBeGreaterThan(0);
  expect((await t.db.select().from(releaseSamples)).map((r) => r.version)).toContain('kept');
  expect((await t.db.select().from(releaseSamples)).map((r) => r.version)).not.toContain('backlog');
});
