import { sql } from 'drizzle-orm';
import { releaseSamples, type Db } from '../../platform/db';

/** What one version sent over a window, kept up to date by reading only the samples stored since the last read. */
export interface WindowTally {
  /** Samples of each kind, and how many of them carry a value. */
  kinds: Map<string, { all: number; valued: number }>;
  /** The keyed hashes of the addresses that sent errors and failed loads. */
  failing: Set<string>;
  /** The values of each kind, in ascending order (for its p75). */
  values: Map<string, number[]>;
}

interface Window extends WindowTally {
  /** The highest sample id read: later reads ask only for ids above it. */
  lastId: number;
  /** The read in progress: reads of one window run one after another. */
  reading: Promise<void>;
  used: number;
}

/** Windows kept per database (each gateway's own): a canary and its live version per remote, with room to spare. */
const KEPT_WINDOWS = 32;
const windowsOf = new WeakMap<Db, Map<string, Window>>();

type SampleRow = { kind: string; value: number | null; source: string | null };

function add(tally: WindowTally, rows: SampleRow[]) {
  const fresh = new Map<string, number[]>();
  for (const { kind, value, source } of rows) {
    const counts = tally.kinds.get(kind) ?? { all: 0, valued: 0 };
    counts.all += 1;
    if (value !== null) {
      counts.valued += 1;
      let list = fresh.get(kind);
      if (!list) fresh.set(kind, (list = []));
      list.push(value);
    }
    tally.kinds.set(kind, counts);
    if (source !== null && (kind === 'error' || kind === 'load-failure')) tally.failing.add(source);
  }
  for (const [kind, list] of fresh) tally.values.set(kind, merged(tally.values.get(kind) ?? [], list.sort(byValue)));
}

const byValue = (a: number, b: number) => a - b;

/** Two ascending lists as one: a read adds a few values to thousands, so no sort of the whole list again. */
function merged(a: number[], b: number[]): number[] {
  if (a.length === 0) return b;
  const out = new Array<number>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i]! <= b[j]! ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/**
 * A version's tally over the window that starts at `since` (a canary's start), exact and current: the first read
 * takes the window's samples from the figures index, every later one only the samples stored since (a range of
 * the table's ids, whatever their version: the few of the last seconds), so the automatic-abort check and the
 * Releases tab cost what arrived since they last looked, not the whole window each time (decision 0067).
 * Ids only grow (writes are serialised by the database, and housekeeping deletes the oldest rows), so a sample is
 * never read twice or missed.
 */
export async function windowTally(db: Db, remote: string, version: string, since: Date): Promise<WindowTally> {
  let windows = windowsOf.get(db);
  if (!windows) windowsOf.set(db, (windows = new Map()));
  const key = `${remote}\u0000${version}\u0000${since.getTime()}`;
  let window = windows.get(key);
  if (!window) {
    window = {
      kinds: new Map(),
      failing: new Set(),
      values: new Map(),
      lastId: -1,
      reading: Promise.resolve(),
      used: 0,
    };
    windows.set(key, window);
    if (windows.size > KEPT_WINDOWS) {
      const oldest = [...windows].reduce((a, b) => (a[1].used <= b[1].used ? a : b));
      windows.delete(oldest[0]);
    }
  }
  window.used = Date.now();
  const w = window;
  const read = w.reading.then(async () => {
    // Up to the newest id now: a sample stored after this is read by the next call, not by both.
    const [top] = await db.all<{ id: number | null }>(
      sql`select max(${releaseSamples.id}) as id from ${releaseSamples}`,
    );
    const upTo = top?.id ?? 0;
    const columns = sql`${releaseSamples.kind} as kind, ${releaseSamples.value} as value, ${releaseSamples.source} as source`;
    const ofWindow = sql`${releaseSamples.remote} = ${remote} and ${releaseSamples.version} = ${version}
      and ${releaseSamples.at} >= ${since.getTime()} and ${releaseSamples.id} <= ${upTo}`;
    const rows =
      w.lastId < 0
        ? await db.all<SampleRow>(sql`select ${columns} from ${releaseSamples} where ${ofWindow}`)
        : // NOT INDEXED: the ids' range of the table itself (the last seconds' samples of every version), never
          // the version's index, which would read the whole window again.
          await db.all<SampleRow>(
            sql`select ${columns} from ${releaseSamples} not indexed where ${releaseSamples.id} > ${w.lastId} and ${ofWindow}`,
          );
    add(w, rows);
    w.lastId = upTo;
  });
  w.reading = read.catch(() => undefined);
  try {
    await read;
  } catch (error) {
    windows.delete(key);
    throw error;
  }
  return w;
}
