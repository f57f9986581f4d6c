import { HTTPException } from 'hono/http-exception';

/**
 * Who is served first when password checks queue (decision 0084), best first:
 * - `known`: a browser that completed a sign-in to this account before (its device cookie, decision 0051), or a
 *   signed-in session (a password change or confirmation), or the holder of a reset link;
 * - `clean`: a client address with no failed sign-in lately;
 * - `other`: everyone else, where a distributed guessing flood lands after each address's first miss.
 */
export const PRIORITIES = ['known', 'clean', 'other'] as const;
export type PasswordPriority = (typeof PRIORITIES)[number];

const rank = (p: PasswordPriority) => PRIORITIES.indexOf(p);

/** How long a shed request is told to wait before trying again. */
export const SHED_RETRY_SECONDS = 5;
export const SHED_MESSAGE = 'Signing in is very busy right now. Please try again in a few seconds.';

/** Refused for want of room: the work is not done and nothing is stored. 429 (too many requests), never a 503. */
export const shed = () =>
  new HTTPException(429, {
    res: Response.json(
      { message: SHED_MESSAGE },
      { status: 429, headers: { 'Retry-After': String(SHED_RETRY_SECONDS) } },
    ),
  });

interface Waiter {
  start: () => void;
  refuse: (error: HTTPException) => void;
}

/**
 * A bounded queue of costly work (argon2 checks) served by priority: `concurrent` run at once, up to `waiting` wait.
 * A free slot goes to the oldest waiter of the best class present. When the queue is full, a newcomer takes the place
 * of the newest waiter of a worse class (who is answered 429 at once); with none worse, the newcomer gets 429. So a
 * flood of guesses can fill the queue only until someone better arrives, and is turned away instead of waited on.
 */
export function priorityQueue({ concurrent, waiting }: { concurrent: number; waiting: number }) {
  let running = 0;
  const lines: Record<PasswordPriority, Waiter[]> = { known: [], clean: [], other: [] };
  const queued = () => PRIORITIES.reduce((n, p) => n + lines[p].length, 0);

  function next() {
    for (const p of PRIORITIES) {
      const waiter = lines[p].shift();
      if (waiter) return waiter.start();
    }
    running--;
  }

  /** Makes room for a newcomer of `priority` by shedding the newest waiter of the worst class below it, if any. */
  function makeRoom(priority: PasswordPriority) {
    for (let r = PRIORITIES.length - 1; r > rank(priority); r--) {
      const victim = lines[PRIORITIES[r]!].pop();
      if (victim) {
        victim.refuse(shed());
        return true;
      }
    }
    return false;
  }

  return {
    async run<T>(priority: PasswordPriority, work: () => Promise<T>): Promise<T> {
      if (running >= concurrent) {
        if (queued() >= waiting && !makeRoom(priority)) throw shed();
        // The slot passes straight from the one finishing to this waiter: `running` stays as it is.
        await new Promise<void>((start, refuse) => lines[priority].push({ start, refuse }));
      } else running++;
      try {
        return await work();
      } finally {
        next();
      }
    },
    /** How many run and wait in each class (tests, and the gateway's metrics if they come to want it). */
    stats: () => ({ running, known: lines.known.length, clean: lines.clean.length, other: lines.other.length }),
  };
}

export type PriorityQueue = ReturnType<typeof priorityQueue>;
