import { and, count, eq, gte, isNotNull } from 'drizzle-orm';
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

type KindCounts = Partial<Record<RumKind, { all: number; valued: number }>>;

/**
 * How many of each kind one version of a remote has sent since `since`, and how many of them carry a value (a page
 * load that crashed before its first render counts as a page load, with no load time).
 */
async function kindCounts(db: Db, remote: string, version: string, since: Date): Promise<KindCounts> {
  const rows = await db
    .select({ kind: releaseSamples.kind, all: count(), valued: count(releaseSamples.value) })
    .from(releaseSamples)
    .where(ofVersion(remote, version, since))
    .groupBy(releaseSamples.kind);
  return Object.fromEntries(rows.map(({ kind, all, valued }) => [kind, { all, valued }]));
}

const countsFrom = (n: KindCounts): Counts => ({
  pageLoads: n.load?.all ?? 0,
  errors: n.error?.all ?? 0,
  loadFailures: n['load-failure']?.all ?? 0,
});

export const countsOf = async (db: Db, remote: string, version: string, since: Date): Promise<Counts> =>
  countsFrom(await kindCounts(db, remote, version, since));

/**
 * The 75th percentile of the `n` values of a kind, by nearest rank (the value at rank ceil(0.75 n)), as Core Web
 * Vitals report it.
 */
async function p75(db: Db, remote: string, version: string, since: Date, kind: RumKind, n: number) {
  if (n === 0) return null;
  const [row] = await db
    .select({ value: releaseSamples.value })
    .from(releaseSamples)
    .where(and(ofVersion(remote, version, since), eq(releaseSamples.kind, kind), isNotNull(releaseSamples.value)))
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
    (['load', 'lcp', 'inp', 'cls'] as const).map((kind) => p75(db, remote, version, since, kind, n[kind]?.valued ?? 0)),
  );
  return {
    ...counts,
    errorRate: errorRate(counts),
    loadP75Ms: loadP75Ms ?? null,
    lcpP75Ms: lcpP75Ms ?? null,
    inpP75Ms: inpP75Ms ?? null,
    clsP75: clsP75 ?? null,
    samples: Object.values(n).reduce((sum, { all }) => sum + all, 0),
  };
}
