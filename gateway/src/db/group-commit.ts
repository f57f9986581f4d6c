import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import type { Db } from './client';

type Statements = Readonly<[BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]>;

interface Job {
  statements: Statements;
  resolve: (results: readonly unknown[]) => void;
  reject: (error: unknown) => void;
}

/** A group bigger than this is flushed at once rather than waiting for the next turn of the event loop. */
const MAX_GROUP = 64;

/**
 * Group commit for small independent writes (leads, quotes): every write that arrives in the same turn of the
 * event loop goes into one transaction, so they share one fsync instead of paying one each. A caller is answered
 * only after the commit that holds its write, so an acknowledged lead is as durable as before.
 *
 * If the group's transaction fails, each write is retried on its own, so one bad write never fails the others.
 */
export function createGroupCommit(db: Db) {
  let queue: Job[] = [];
  let scheduled = false;

  async function runAlone(job: Job) {
    try {
      job.resolve((await db.batch(job.statements)) as readonly unknown[]);
    } catch (error) {
      job.reject(error);
    }
  }

  async function flush() {
    scheduled = false;
    const jobs = queue;
    queue = [];
    if (jobs.length === 0) return;
    if (jobs.length === 1) return runAlone(jobs[0]!);
    let results: readonly unknown[];
    try {
      results = (await db.batch(jobs.flatMap((j) => [...j.statements]) as unknown as Statements)) as readonly unknown[];
    } catch {
      for (const job of jobs) await runAlone(job);
      return;
    }
    let at = 0;
    for (const job of jobs) {
      job.resolve(results.slice(at, at + job.statements.length));
      at += job.statements.length;
    }
  }

  /** Runs `statements` as one atomic unit, inside the current group's transaction. */
  return function commit<T extends Statements>(statements: T): Promise<BatchResponse<T>> {
    return new Promise((resolve, reject) => {
      queue.push({ statements, resolve: resolve as (results: readonly unknown[]) => void, reject });
      if (queue.length >= MAX_GROUP) void flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
  };
}

export type GroupCommit = ReturnType<typeof createGroupCommit>;
