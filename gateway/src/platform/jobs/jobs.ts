import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { takeLease } from '../db/lease';
import type { Logger } from '../logger';
import { inSpan, ROOT } from '../tracing';

export interface JobOptions {
  /**
   * The job runs once per interval across every gateway on this database: a run first takes the job's lease for the
   * interval (platform/db/lease.ts), so whichever gateway gets it runs, and a gateway that stops leaves a lease that runs out.
   * Without it every gateway runs the job (its work must then claim its own rows).
   */
  lease?: boolean;
}

interface Job {
  name: string;
  everyMs: number;
  run: (now: Date) => Promise<unknown>;
  lease: boolean;
  timer?: NodeJS.Timeout;
  first?: NodeJS.Immediate;
  running?: Promise<void>;
}

/**
 * The gateway's one job runner (decision 0087): each background job is registered with `every(name, interval, job)`
 * and runs at start and then every interval, never twice at once on one gateway (a run still going when the next is
 * due skips that turn), without keeping the process alive; a run that throws is logged and the next runs as usual.
 */
export function jobRunner({ db, logger, holder = randomUUID() }: { db: Db; logger: Logger; holder?: string }) {
  const jobs: Job[] = [];
  let stopped = false;

  /** One run, a trace of its own (decision 0088): its lease, its SQL and what it delivers hang under it. */
  const once = (job: Job): Promise<void> =>
    inSpan(
      `job ${job.name}`,
      { 'job.name': job.name },
      async () => {
        const now = new Date();
        if (job.lease && !(await takeLease(db, `job:${job.name}`, holder, job.everyMs, now))) return;
        if (stopped) return;
        await job.run(now);
      },
      { parent: ROOT },
    );

  function tick(job: Job) {
    if (job.running || stopped) return;
    job.running = once(job)
      .catch((error: unknown) => logger.warn(`${job.name} failed`, { error: String(error) }))
      .finally(() => (job.running = undefined));
  }

  return {
    /** Registers `job` to run every `everyMs` from `start()`. */
    every(name: string, everyMs: number, run: (now: Date) => Promise<unknown>, { lease = false }: JobOptions = {}) {
      jobs.push({ name, everyMs, run, lease });
      return this;
    },
    /**
     * Starts every job: the first runs once the start-up code that called this has run (a job's first timings then
     * measure its work, not the rest of start-up), then on each interval.
     */
    start() {
      for (const job of jobs) {
        job.first = setImmediate(() => tick(job));
        job.timer = setInterval(() => tick(job), job.everyMs);
        job.timer.unref();
      }
    },
    /** Stops the timers; runs in progress see `stopping()` and finish their current step. */
    stop() {
      stopped = true;
      for (const job of jobs) {
        if (job.first) clearImmediate(job.first);
        clearInterval(job.timer);
      }
    },
    stopping: () => stopped,
    /** Resolves when no run is in progress (graceful shutdown, tests). */
    async idle(): Promise<void> {
      await Promise.all(jobs.map((j) => j.running));
    },
    /** The registered jobs, for the log line at start. */
    names: () => jobs.map((j) => `${j.name} every ${j.everyMs / 1000} s${j.lease ? ' (leased)' : ''}`),
  };
}

export type JobRunner = ReturnType<typeof jobRunner>;
