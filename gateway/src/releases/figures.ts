import { and, count, eq, gte } from 'drizzle-orm';
import type { ReleaseFigures, RumKind } from '@agency/contracts';
import { releaseSamples, type Db } from '../db';

export interface Counts {
  pageLoads: number;
  errors: number;
  loadFailures: number;
}

/** (errors + load failures) / (page loads + load failures): the share of page loads that went wrong; null without any. */
export const errorRate = ({ pageLoads, errors, loadFailures }: Counts): number | null =>
  pageLoads + loadFailures === 0 ? null : (errors + loadFailures) / (pageLoads + loadFailures);

const ofVersion = (remote: string, version: string, since: Date) =>
  and(eq(releaseSamples.remote, remote), eq(releaseSamples.version, version), gte(releaseSamples.at, since));

/** How many of each kind one version of a remote has sent since `since`. */
async function kindCounts(db: Db, remote: string, version: string, since: Date) {
  const rows = await db
    .select({ kind: releaseSamples.kind, n: count() })
    .from(releaseSamples)
    .where(ofVersion(remote, version, since))
    .groupBy(releaseSamples.kind);
  return Object.fromEntries(rows.map((r) => [r.kind, r.n])) as Partial<Record<RumKind, number>>;
}

const countsFrom = (n: Partial<Record<RumKind, number>>): Counts => ({
  pageLoads: n.load ?? 0,
  errors: n.error ?? 0,
  loadFailures: n['load-failure'] ?? 0,
});

export const countsOf = async (db: Db, remote: string, version: string, since: Date): Promise<Counts> =>
  countsFrom(await kindCounts(db, remote, version, since));

/** The 75th percentile by nearest rank (the value at rank ceil(0.75 n)), as Core Web Vitals report it. */
async function p75(db: Db, remote: string, version: string, since: Date, kind: RumKind, n: number) {
  if (n === 0) return null;
  const [row] = await db
    .select({ value: releaseSamples.value })
    .from(releaseSamples)
    .where(and(ofVersion(remote, version, since), eq(releaseSamples.kind, kind)))
    .orderBy(releaseSamples.value)
    .limit(1)
    .offset(Math.ceil(0.75 * n) - 1);
  return row?.value ?? null;
}

/** One version's figures over a window: the counts, the error rate and the p75 of each timing. */
export async function figuresOf(db: Db, remote: string, version: string, since: Date): Promise<ReleaseFigures> {
  const n = await kindCounts(db, remote, version, since);
  const counts = countsFrom(n);
  const [loadP75Ms, lcpP75Ms, inpP75Ms, clsP75] = await Promise.all(
    (['load', 'lcp', 'inp', 'cls'] as const).map((kind) => p75(db, remote, version, since, kind, n[kind] ?? 0)),
  );
  return {
    ...counts,
    errorRate: errorRate(counts),
    loadP75Ms: loadP75Ms ?? null,
    lcpP75Ms: lcpP75Ms ?? null,
    inpP75Ms: inpP75Ms ?? null,
    clsP75: clsP75 ?? null,
    samples: Object.values(n).reduce((a, b) => a + b, 0),
  };
}
