import type { Client, ResultSet } from '@libsql/client';
import type { Db } from './client';
import type { Compiled } from './compiled';

type Statements = Readonly<[Compiled<unknown>, ...Compiled<unknown>[]]>;

/** What each statement's `returning` clause gave, in the order the statements were given. */
export type CommitResults<T extends Statements> = {
  -readonly [K in keyof T]: T[K] extends Compiled<infer R> ? R[] : never;
};

/** Only what libSQL reads: a remote client serialises the statement it is given. */
const plain = (s: Compiled<unknown>) => ({ sql: s.sql, args: s.args });

interface Job {
  statements: Statements;
  resolve: (results: ResultSet[]) => void;
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
 * Statements are compiled (./compiled.ts) and go straight to libSQL as one `write` batch (BEGIN IMMEDIATE).
 */
export function createGroupCommit(db: Db) {
  const client: Client = db.$client;
  let queue: Job[] = [];
  let scheduled = false;

  async function runAlone(job: Job) {
    try {
      job.resolve(await client.batch(job.statements.map(plain), 'write'));
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
    let results: ResultSet[];
    try {
      results = await client.batch(
        jobs.flatMap((j) => j.statements.map(plain)),
        'write',
      );
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

  /** Runs `statements` as one atomic unit, inside the current group's transaction; gives each one's rows. */
  return function commit<T extends Statements>(statements: T): Promise<CommitResults<T>> {
    return new Promise<ResultSet[]>((resolve, reject) => {
      queue.push({ statements, resolve, reject });
      if (queue.length >= MAX_GROUP) void flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    }).then((results) => statements.map((s, i) => s.read(results[i]!)) as CommitResults<T>);
  };
}

export type GroupCommit = ReturnType<typeof createGroupCommit>;
