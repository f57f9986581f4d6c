import { REMOTE_NAMES, type Releases } from '@agency/contracts';
import type { Db } from '../../platform/db';
import type { RemoteStore } from './remote-store';
import type { CanaryRule } from './canary-rule';
import { figuresOf } from './figures';

/** Without a canary, a version's figures cover the last day. */
const DAY_MS = 24 * 3600 * 1000;

/**
 * Live and canary of each remote with their figures, side by side over the same window (since the canary started,
 * else the last day): what `remotes status` prints and the Releases tab shows.
 */
export async function releaseReport(
  db: Db,
  store: RemoteStore,
  overrides: Partial<Record<string, string>>,
  rule: CanaryRule,
): Promise<Releases> {
  const state = await store.status();
  const remotes = await Promise.all(
    REMOTE_NAMES.map(async (name) => {
      const entry = state[name];
      const external = Boolean(overrides[name]);
      const since = new Date(entry?.canary?.startedAt ?? Date.now() - DAY_MS);
      // A canary's window starts at a fixed time: its tallies are kept and brought up to date (figure-windows.ts).
      const window = { fixed: Boolean(entry?.canary) };
      const [live, canary] = await Promise.all([
        entry && !external ? figuresOf(db, name, entry.current, since, window) : null,
        entry?.canary && !external ? figuresOf(db, name, entry.canary.version, since, window) : null,
      ]);
      return {
        name,
        external,
        since: since.toISOString(),
        live: entry && live ? { version: entry.current, figures: live } : null,
        canary: entry?.canary && canary ? { ...entry.canary, figures: canary } : null,
        lastAbort: entry?.lastAbort ?? null,
      };
    }),
  );
  return { remotes, rule };
}
