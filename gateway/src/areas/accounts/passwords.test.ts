import { HTTPException } from 'hono/http-exception';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Counts the argon2 calls in flight, each held until the test lets it finish.
const argon = vi.hoisted(() => ({ inFlight: 0, most: 0, pending: [] as (() => void)[] }));
vi.mock('@node-rs/argon2', () => {
  const work = <T>(value: T) =>
    new Promise<T>((resolve) => {
      argon.inFlight++;
      argon.most = Math.max(argon.most, argon.inFlight);
      argon.pending.push(() => {
        argon.inFlight--;
        resolve(value);
      });
    });
  return { hash: () => work('$argon2id$fake'), verify: () => work(false) };
});

const { PASSWORD_WORK, verifyPassword } = await import('./passwords');

/** Lets every held argon2 call finish, and those that start meanwhile, until none is left. */
async function drain() {
  for (let i = 0; i < 1000 && (argon.pending.length || argon.inFlight); i++) {
    argon.pending.splice(0).forEach((finish) => finish());
    await new Promise((r) => setTimeout(r, 0));
  }
}

afterEach(drain);

describe('password work', () => {
  it('runs at most PASSWORD_WORK.concurrent hashes at once, and every queued check still gets its answer', async () => {
    argon.most = 0;
    const checks = Array.from({ length: 20 }, () => verifyPassword('$argon2id$stored', 'guess'));
    await new Promise((r) => setTimeout(r, 0));
    expect(argon.inFlight).toBe(PASSWORD_WORK.concurrent);
    await drain();
    expect(await Promise.all(checks)).toEqual(Array(20).fill(false));
    expect(argon.most).toBe(PASSWORD_WORK.concurrent);
  });

  it('refuses with a 429 and Retry-After once the queue is full, without running the refused check', async () => {
    const total = PASSWORD_WORK.concurrent + PASSWORD_WORK.waiting;
    const accepted = Array.from({ length: total }, () => verifyPassword('$argon2id$stored', 'guess'));
    const refused = await verifyPassword('$argon2id$stored', 'guess').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HTTPException);
    const answer = (refused as HTTPException).getResponse();
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(((await answer.json()) as { message: string }).message).toMatch(/^Signing in is very busy/);
    await drain();
    await Promise.all(accepted);
  });
});
