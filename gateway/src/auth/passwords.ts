import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { HTTPException } from 'hono/http-exception';

/**
 * Password hashes run one or a few at a time, leaving a core to everything else. An argon2id check is ~20-100 ms of
 * CPU and 19 MiB; unbounded, one address's allowance of sign-in attempts sent at once (30) fills both cores and
 * libuv's thread pool, and every visitor's file reads and compression wait behind it (a file read took 1.3 s behind
 * 40 checks on a 2-core host).
 */
export const PASSWORD_WORK = { concurrent: Math.max(1, availableParallelism() - 1), waiting: 64 };

let running = 0;
const queue: (() => void)[] = [];

/** Refused when the queue is full: the work is not done and nothing is stored. */
const busy = () =>
  new HTTPException(503, {
    res: Response.json(
      { message: 'Signing in is very busy right now. Please try again in a few seconds.' },
      { status: 503, headers: { 'Retry-After': '5' } },
    ),
  });

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PASSWORD_WORK.concurrent) {
    if (queue.length >= PASSWORD_WORK.waiting) throw busy();
    await new Promise<void>((resolve) => queue.push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so a new arrival cannot overtake the queue.
    const next = queue.shift();
    if (next) next();
    else running--;
  }
}

// @node-rs/argon2 defaults are argon2id with OWASP's parameters (m = 19 MiB, t = 2, p = 1).
export const hashPassword = (password: string) => bounded(() => hash(password));

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against the stored hash, or against a throwaway hash when there is no such user, so an unknown
 * username costs the same time as a wrong password and answers cannot be told apart by timing.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hash('not-a-real-password-0');
    const known = await dummyHash;
    await bounded(() => verify(known, password)).catch((error: unknown) => {
      if (error instanceof HTTPException) throw error;
    });
    return false;
  }
  return bounded(() => verify(storedHash, password)).catch((error: unknown) => {
    if (error instanceof HTTPException) throw error;
    return false;
  });
}
