import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { HTTPException } from 'hono/http-exception';
import { priorityQueue, type PasswordPriority } from './password-queue';

export type { PasswordPriority } from './password-queue';

/**
 * Password hashes run one or a few at a time, leaving a core to everything else. An argon2id check is ~20-100 ms of
 * CPU and 19 MiB; unbounded, one address's allowance of sign-in attempts sent at once (30) fills both cores and
 * libuv's thread pool, and every visitor's file reads and compression wait behind it (a file read took 1.3 s behind
 * 40 checks on a 2-core host). Waiting checks are served by priority, and past the queue the worst are turned away
 * with 429 (decision 0084).
 */
export const PASSWORD_WORK = { concurrent: Math.max(1, availableParallelism() - 1), waiting: 64 };

const queue = priorityQueue(PASSWORD_WORK);

/** How many password checks run and wait, by class. */
export const passwordQueueStats = () => queue.stats();

// @node-rs/argon2 defaults are argon2id with OWASP's parameters (m = 19 MiB, t = 2, p = 1).
export const hashPassword = (password: string, priority: PasswordPriority = 'clean') =>
  queue.run(priority, () => hash(password));

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against the stored hash, or against a throwaway hash when there is no such user, so an unknown
 * username costs the same time as a wrong password and answers cannot be told apart by timing. A check shed for want
 * of room throws its 429; any other failure is a wrong password.
 */
export async function verifyPassword(
  storedHash: string | undefined,
  password: string,
  priority: PasswordPriority = 'clean',
): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hash('not-a-real-password-0');
    const known = await dummyHash;
    await queue
      .run(priority, () => verify(known, password))
      .catch((error: unknown) => {
        if (error instanceof HTTPException) throw error;
      });
    return false;
  }
  return queue
    .run(priority, () => verify(storedHash, password))
    .catch((error: unknown) => {
      if (error instanceof HTTPException) throw error;
      return false;
    });
}
