import { and, count, countDistinct, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import { RUM_KINDS, type ReleaseFigures, type RumKind } from '@agency/contracts';
import { releaseSamples, type Db, type ServerSampleKind } from '../../platform/db';
import { windowTally } from './figure-windows';

/** Real-user measurements older than this have served their release (figures cover a canary or the last day). */
export const RELEASE_SAMPLES_KEPT_MS = 30 * 24 * 3600_000;

export interface Counts {
  pageLoads: number;
  errors: number;
  loadFailures: number;
  /** Distinct client addresses (by their keyed hash) that sent the errors and failed loads counted. */
  failingAddresses: number;
  /** The gateway's own server renders of the version's pages: successes and failures repeated on retry. */
  serverRenders: number;
  serverRenderFailures: number;
}

/** (errors + load failures) / (page loads + load failures): the share of page loads that went wrong; null without any. */
export const errorRate = ({ pageLoads, errors, loadFailures }: Counts): number | null =>
  pageLoads + loadFailures === 0 ? null : (errors + loadFailures) / (pageLoads + loadFailures);

const ofVersion = (remote: string, version: string, since: Date) =>
  and(eq(releaseSamples.remote, remote), eq(releaseSamples.version, version), gte(releaseSamples.at, since));

type KindCounts = Partial<Record<RumKind | ServerSampleKind, { all: number; valued: number }>>;

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

/**
 * How many client addresses sent the version's errors and failed loads: one address, or a handful, must not be
 * able to abort a release alone (decision 0046). Read from the figures' index alone (it ends with the source).
 */
async function failingAddresses(db: Db, remote: string, version: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(releaseSamples.source) })
    .from(releaseSamples)
    .where(and(ofVersion(remote, version, since), inArray(releaseSamples.kind, ['error', 'load-failure'])));
  return row?.n ?? 0;
}

const countsFrom = (n: KindCounts, failing: number): Counts => ({
  pageLoads: n.load?.all ?? 0,
  errors: n.error?.all ?? 0,
  loadFailures: n['load-failure']?.all ?? 0,
  failingAddresses: failing,
  serverRenders: (n.render?.all ?? 0) + (n['render-failure']?.all ?? 0),
  serverRenderFailures: n['render-failure']?.all ?? 0,
});

async function countsAndKinds(db: Db, remote: string, version: string, since: Date) {
  const [n, failing] = await Promise.all([
    kindCounts(db, remote, version, since),
    failingAddresses(db, remote, version, since),
  ]);
  return { n, counts: countsFrom(n, failing) };
}

/**
 * A window that starts at a fixed time (a canary's start) is tallied once and then kept current from the samples
 * stored since (figure-windows.ts); a sliding one (the last day) is counted in SQL each time.
 */
export interface WindowKind {
  fixed?: boolean;
}

/**
 * Whether a window's figures come from its kept tally: a fixed window that still has every sample it was sent.
 * Housekeeping deletes samples after 30 days: a canary left running longer is counted in SQL from what is stored, as
 * a gateway that starts now would count it, so two gateways never show (or abort on) different figures for it.
 */
const tallied = ({ fixed = false }: WindowKind, since: Date) =>
  fixed && since.getTime() > Date.now() - RELEASE_SAMPLES_KEPT_MS;

export const countsOf = async (
  db: Db,
  remote: string,
  version: string,
  since: Date,
  windowKind: WindowKind = {},
): Promise<Counts> => {
  if (!tallied(windowKind, since)) return (await countsAndKinds(db, remote, version, since)).counts;
  const tally = await windowTally(db, remote, version, since);
  return countsFrom(Object.fromEntries(tally.kinds), tally.failing.size);
};

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

/** The value at rank ceil(0.75 n) of an ascending list (p75's nearest rank). */
const p75Of = (values: number[] | undefined) => (values?.length ? values[Math.ceil(0.75 * values.length) - 1]! : null);

/** One version's figures over a window: the counts, the error rate and the p75 of each timing. */
export async function figuresOf(
  db: Db,
  remote: string,
  version: string,
  since: Date,
  windowKind: WindowKind = {},
): Promise<ReleaseFigures> {
  const timings = ['load', 'lcp', 'inp', 'cls'] as const;
  let n: KindCounts;
  let counts: Counts;
  let p75s: (number | null)[];
  if (tallied(windowKind, since)) {
    const tally = await windowTally(db, remote, version, since);
    n = Object.fromEntries(tally.kinds);
    counts = countsFrom(n, tally.failing.size);
    p75s = timings.map((kind) => p75Of(tally.values.get(kind)));
  } else {
    ({ n, counts } = await countsAndKinds(db, remote, version, since));
    p75s = await Promise.all(timings.map((kind) => p75(db, remote, version, since, kind, n[kind]?.valued ?? 0)));
  }
  const [loadP75Ms, lcpP75Ms, inpP75Ms, clsP75] = p75s;
  return {
    ...counts,
    errorRate: errorRate(counts),
    loadP75Ms: loadP75Ms ?? null,
    lcpP75Ms: lcpP75Ms ?? null,
    inpP75Ms: inpP75Ms ?? null,
    clsP75: clsP75 ?? null,
    samples: RUM_KINDS.reduce((sum, kind) => sum + (n[kind]?.all ?? 0), 0),
  };
}
