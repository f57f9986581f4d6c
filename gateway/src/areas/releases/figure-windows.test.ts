import { eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseSamples } from '../../platform/db';
import { RELEASE_SAMPLES_KEPT_MS } from './figures';
import { countsOf, figuresOf } from './figures';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.cleanup());

const KINDS = ['load', 'lcp', 'inp', 'cls', 'error', 'load-failure', 'render', 'render-failure'] as const;
let made = 0;
/** `count` samples of a version at `at`, of every kind, some without a value, errors from a few sources. */
const samples = (version: string, count: number, at: number) =>
  Array.from({ length: count }, () => {
    made += 1;
    const kind = KINDS[made % KINDS.length]!;
    return {
      at: new Date(at),
      remote: 'quoting',
      version,
      kind,
      value: made % 7 === 0 ? null : kind === 'cls' ? (made % 13) / 100 : (made * 7919) % 3000,
      source: kind === 'error' || kind === 'load-failure' ? `src${made % 5}` : null,
    };
  });
const insert = async (rows: ReturnType<typeof samples>) => {
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(releaseSamples).values(rows.slice(i, i + 500));
};

describe("a canary window's figures, kept up to date from the samples stored since the last look", () => {
  it('equal the figures counted in SQL over the whole window after every round of new samples', async () => {
    const since = Date.now() - 3600_000;
    // Before the window (left out), in it, and another version's (left out).
    await insert([
      ...samples('v1', 300, since - 60_000),
      ...samples('v1', 700, since + 1000),
      ...samples('v0', 400, since + 1000),
    ]);
    const rounds = [
      [...samples('v1', 1, since + 2000)],
      [...samples('v0', 900, since + 3000)],
      [...samples('v1', 250, since + 4000), ...samples('v0', 100, since + 4000)],
      [], // nothing new
      [...samples('v1', 57, since + 5000)],
    ];
    for (const round of [[], ...rounds]) {
      await insert(round);
      const sinceDate = new Date(since);
      const [kept, counted] = await Promise.all([
        figuresOf(t.db, 'quoting', 'v1', sinceDate, { fixed: true }),
        figuresOf(t.db, 'quoting', 'v1', sinceDate),
      ]);
      expect(kept).toEqual(counted);
      expect(await countsOf(t.db, 'quoting', 'v1', sinceDate, { fixed: true })).toEqual(
        await countsOf(t.db, 'quoting', 'v1', sinceDate),
      );
    }
    const last = await figuresOf(t.db, 'quoting', 'v1', new Date(since), { fixed: true });
    expect(last.pageLoads).toBeGreaterThan(100);
    expect(last.failingAddresses).toBe(5);
    expect(last.loadP75Ms).not.toBeNull();
  });

  it('answers calls made at once with the same figures, each sample counted once', async () => {
    const since = Date.now() - 1800_000;
    await insert(samples('v2', 500, since + 10));
    const first = figuresOf(t.db, 'quoting', 'v2', new Date(since), { fixed: true });
    await insert(samples('v2', 80, since + 20));
    const both = await Promise.all([first, figuresOf(t.db, 'quoting', 'v2', new Date(since), { fixed: true })]);
    const counted = await figuresOf(t.db, 'quoting', 'v2', new Date(since));
    expect(both[1]).toEqual(counted);
    expect(both[0].samples).toBeLessThanOrEqual(counted.samples);
  });

  it('reads only the samples stored since it last looked, never the window again', async () => {
    const since = Date.now() - 900_000;
    await insert(samples('v3', 200, since + 10));
    const before = await figuresOf(t.db, 'quoting', 'v3', new Date(since), { fixed: true });
    // Samples are never changed once stored; changing them here shows which rows a later look reads.
    await t.db.update(releaseSamples).set({ kind: 'error', source: 'changed' }).where(eq(releaseSamples.version, 'v3'));
    await insert(samples('v3', 8, since + 20));
    const after = await figuresOf(t.db, 'quoting', 'v3', new Date(since), { fixed: true });
    expect(after.samples).toBeGreaterThan(before.samples);
    expect(after.errors).toBeLessThan(200);
    expect((await figuresOf(t.db, 'quoting', 'v3', new Date(since))).errors).toBeGreaterThanOrEqual(200);
  });

  it("counts a canary left running past the samples' 30 days from what is stored, as every gateway does", async () => {
    const since = Date.now() - RELEASE_SAMPLES_KEPT_MS - 3 * 24 * 3600_000;
    await insert([...samples('v-long', 400, since + 1000), ...samples('v-long', 300, Date.now() - 3600_000)]);
    const sinceDate = new Date(since);
    const before = await figuresOf(t.db, 'quoting', 'v-long', sinceDate, { fixed: true });
    // Housekeeping deletes the samples past their 30 days.
    await t.db.delete(releaseSamples).where(lt(releaseSamples.at, new Date(Date.now() - RELEASE_SAMPLES_KEPT_MS)));
    const [kept, counted] = await Promise.all([
      figuresOf(t.db, 'quoting', 'v-long', sinceDate, { fixed: true }),
      figuresOf(t.db, 'quoting', 'v-long', sinceDate),
    ]);
    expect(kept).toEqual(counted);
    expect(kept.pageLoads).toBeLessThan(before.pageLoads);
    expect(await countsOf(t.db, 'quoting', 'v-long', sinceDate, { fixed: true })).toEqual(
      await countsOf(t.db, 'quoting', 'v-long', sinceDate),
    );
  });
});
