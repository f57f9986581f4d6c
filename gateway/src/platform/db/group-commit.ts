import type { Client, ResultSet, Transaction } from '@libsql/client';
import type { Db } from './client';
import type { Compiled } from './compiled';

type Statements = Readonly<[Compiled<unknown>, ...Compiled<unknown>[]]>;

/** What each statement's `returning` clause gave, in the order the statements were given. */
export type CommitResults<T extends Statements> = {
  -readonly [K in keyof T]: T[K] extends Compiled<infer R> ? R[] : never;
};

/** Statements written after a unit's first ones, in the same transaction, made from the rows those returned. */
export type FollowUp<T extends Statements> = (rows: CommitResults<T>) => Compiled<unknown>[];

/** Only what libSQL reads: a remote client serialises the statement it is given. */
const plain = (s: Compiled<unknown>) => ({ sql: s.sql, args: s.args });

interface Job {
  statements: Statements;
  followUp?: (rows: unknown[][]) => Compiled<unknown>[];
  outcome?: { rows: unknown[][]; followed: unknown[][] } | { error: unknown };
  resolve: (value: { rows: unknown[][]; followed: unknown[][] }) => void;
  reject: (error: unknown) => void;
}

/** The most units in one transaction; a longer queue is written in several, one after another. */
const MAX_GROUP = 64;

const readAll = (statements: readonly Compiled<unknown>[], results: ResultSet[]) =>
  statements.map((s, i) => s.read(results[i]!));

/**
 * Group commit for small independent writes (leads, quotes, rate-limit counters): every unit that arrives in the
 * same turn of the event loop goes into one transaction, so they share one fsync instead of paying one each. A
 * caller is answered only after the commit that holds its unit, so an acknowledged write is as durable as alone.
 *
 * A unit is its statements and, optionally, a follow-up: statements made from the rows the first ones returned
 * (a lead's notification e-mails, which carry the lead's new id), written in the same transaction. If the group's
 * transaction fails, each unit is retried in a transaction of its own, so one bad unit never fails the others.
 *
 * On a local file every statement runs synchronously, so a transaction here is open only across promise
 * continuations of this function: callers are settled after the last transaction ends, never in between, so no
 * other code can start a write (and wait on this lock, blocking the thread) while one is open.
 */
export function createGroupCommit(db: Db) {
  const client: Client = db.$client;
  let queue: Job[] = [];

  async function write(jobs: Job[]): Promise<void> {
    let tx: Transaction | undefined;
    let failed = false;
    try {
      tx = await client.transaction('write');
      const first = await tx.batch(jobs.flatMap((j) => j.statements.map(plain)));
      let at = 0;
      const rows = jobs.map((job) => {
        const read = readAll(job.statements, first.slice(at, at + job.statements.length));
        at += job.statements.length;
        return read;
      });
      const follow = jobs.map((job, i) => job.followUp?.(rows[i]!) ?? []);
      const second = follow.some((s) => s.length) ? await tx.batch(follow.flat().map(plain)) : [];
      await tx.commit();
      at = 0;
      jobs.forEach((job, i) => {
        const followed = readAll(follow[i]!, second.slice(at, at + follow[i]!.length));
        at += follow[i]!.length;
        job.outcome = { rows: rows[i]!, followed };
      });
    } catch (error) {
      failed = true;
      if (jobs.length === 1) jobs[0]!.outcome = { error };
    } finally {
      // Rolled back before any retry: a retry's transaction would otherwise wait on this one's lock.
      tx?.close();
    }
    if (failed && jobs.length > 1) for (const job of jobs) await write([job]);
  }

  async function flush() {
    const jobs = queue;
    queue = [];
    for (let i = 0; i < jobs.length; i += MAX_GROUP) await write(jobs.slice(i, i + MAX_GROUP));
    for (const job of jobs) {
      const outcome = job.outcome!;
      if ('error' in outcome) job.reject(outcome.error);
      else job.resolve(outcome);
    }
  }

  function enqueue(statements: Statements, followUp?: Job['followUp']) {
    return new Promise<{ rows: unknown[][]; followed: unknown[][] }>((resolve, reject) => {
      if (queue.length === 0) setImmediate(() => void flush());
      queue.push({ statements, followUp, resolve, reject });
    });
  }

  return {
    /** Writes `statements` as one atomic unit, inside the current group's transaction; gives each one's rows. */
    async commit<T extends Statements>(statements: T): Promise<CommitResults<T>> {
      return (await enqueue(statements)).rows as CommitResults<T>;
    },

    /**
     * Writes `statements`, then the statements `followUp` makes from their rows, as one atomic unit in the current
     * group's transaction. Gives the first statements' rows and the follow-up's rows.
     */
    async commitWith<T extends Statements>(
      statements: T,
      followUp: FollowUp<T>,
    ): Promise<{ rows: CommitResults<T>; followed: unknown[][] }> {
      const { rows, followed } = await enqueue(statements, followUp as Job['followUp']);
      return { rows: rows as CommitResults<T>, followed };
    },
  };
}

export type GroupCommit = ReturnType<typeof createGroupCommit>;
