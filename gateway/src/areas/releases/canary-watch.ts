import { REMOTE_NAMES } from '@agency/contracts';
import type { Db } from '../../platform/db';
import type { LivePointer } from './live-pointer';
import type { RemoteStore } from './remote-store';
import type { Logger } from '../../platform/logger';
import { judgeCanary, type CanaryRule } from './canary-rule';
import { countsOf } from './figures';

/** At most one check per this long per gateway: figures move by the beacon, the verdict needs no more. */
const CHECK_EVERY_MS = 2_000;

/**
 * Aborts a canary by itself when its error rate is worse than the live version's (canary-rule.ts). Measurements
 * from every gateway land in one database, so any instance that receives some checks the whole picture; the abort
 * is written to the shared remote store, naming the canary's version, so two instances deciding at once abort it
 * once, and never a newer canary released meanwhile.
 */
export function canaryWatch(deps: {
  db: Db;
  store: RemoteStore;
  live: () => Promise<LivePointer>;
  rule: CanaryRule;
  logger: Logger;
}) {
  const { db, store, live, rule, logger } = deps;

  async function check(): Promise<void> {
    const current = await live();
    for (const name of REMOTE_NAMES) {
      const canary = current.canaries[name];
      const liveVersion = current.pointer.remotes[name]?.version;
      if (!canary || !liveVersion) continue;
      const since = new Date(canary.startedAt);
      const [canaryCounts, liveCounts] = await Promise.all([
        countsOf(db, name, canary.version, since, { fixed: true }),
        countsOf(db, name, liveVersion, since, { fixed: true }),
      ]);
      const verdict = judgeCanary(canaryCounts, liveCounts, rule);
      if (!verdict.abort) continue;
      const aborted = await store.abort(name, { version: canary.version, reason: verdict.reason, automatic: true });
      if (aborted)
        logger.warn('canary aborted automatically', { remote: name, version: canary.version, reason: verdict.reason });
    }
  }

  let running: Promise<void> | null = null;
  let lastRun = 0;
  let queued: NodeJS.Timeout | null = null;
  const run = () => {
    lastRun = Date.now();
    running = check()
      .catch((error: unknown) => logger.warn('canary check failed', { error: String(error) }))
      .finally(() => (running = null));
    return running;
  };

  return {
    check: run,
    /** New measurements arrived: check soon (now, or once the last check is CHECK_EVERY_MS old). */
    poke(): void {
      if (queued) return;
      const wait = running ? CHECK_EVERY_MS : Math.max(0, lastRun + CHECK_EVERY_MS - Date.now());
      if (wait === 0) return void run();
      queued = setTimeout(() => {
        queued = null;
        void (running ?? Promise.resolve()).then(run);
      }, wait);
      queued.unref();
    },
  };
}
export type CanaryWatch = ReturnType<typeof canaryWatch>;
