import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { priorityQueue, type PasswordPriority } from './password-queue';

/** Work the test finishes when it chooses: what started, in order, and a way to let each finish. */
function heldWork() {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const work = (label: string) => () =>
    new Promise<string>((resolve) => {
      started.push(label);
      finishers.set(label, () => resolve(label));
    });
  /** Lets `label` finish and waits until the slot it frees has been handed on. */
  const finish = async (label: string) => {
    finishers.get(label)!();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { started, work, finish };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('the password queue', () => {
  it('serves waiting checks by priority (a known browser, then clean addresses, then the rest), each class in order', async () => {
    const queue = priorityQueue({ concurrent: 1, waiting: 10 });
    const { started, work, finish } = heldWork();
    const runs: Promise<string>[] = [];
    const add = (priority: PasswordPriority, label: string) => runs.push(queue.run(priority, work(label)));
    add('other', 'running');
    await settle();
    add('other', 'o1');
    add('clean', 'c1');
    add('other', 'o2');
    add('known', 'k1');
    add('clean', 'c2');
    add('known', 'k2');
    await settle();
    expect(queue.stats()).toEqual({ running: 1, known: 2, clean: 2, other: 2 });
    for (const label of ['running', 'k1', 'k2', 'c1', 'c2', 'o1', 'o2']) await finish(label);
    expect(started).toEqual(['running', 'k1', 'k2', 'c1', 'c2', 'o1', 'o2']);
    expect(await Promise.all(runs)).toEqual(['running', 'o1', 'c1', 'o2', 'k1', 'c2', 'k2']);
    expect(queue.stats()).toEqual({ running: 0, known: 0, clean: 0, other: 0 });
  });

  it('when full, sheds the newest of a worse class for a better newcomer, and a newcomer with none worse, with 429', async () => {
    const queue = priorityQueue({ concurrent: 1, waiting: 3 });
    const { started, work, finish } = heldWork();
    const outcome = (p: Promise<string>) =>
      p.then(
        (label) => label,
        (error: unknown) => {
          const answer = (error as HTTPException).getResponse();
          expect(error).toBeInstanceOf(HTTPException);
          expect(answer.headers.get('retry-after')).toBe('5');
          return `shed ${answer.status}`;
        },
      );
    const running = outcome(queue.run('other', work('running')));
    await settle();
    const o1 = outcome(queue.run('other', work('o1')));
    const o2 = outcome(queue.run('other', work('o2')));
    const o3 = outcome(queue.run('other', work('o3')));
    // Full: a clean address takes the place of the newest guess, a known browser the next newest.
    const c1 = outcome(queue.run('clean', work('c1')));
    const k1 = outcome(queue.run('known', work('k1')));
    expect(await o3).toBe('shed 429');
    expect(await o2).toBe('shed 429');
    // Nothing worse than another guess waits: the newcomer is the one turned away.
    expect(await outcome(queue.run('other', work('o4')))).toBe('shed 429');
    // A clean newcomer finds only better or equal waiters after the last guess goes.
    const c2 = outcome(queue.run('clean', work('c2')));
    expect(await o1).toBe('shed 429');
    expect(await outcome(queue.run('clean', work('c3')))).toBe('shed 429');
    // But a known browser always gets in while a worse waiter is there.
    const k2 = outcome(queue.run('known', work('k2')));
    expect(await c2).toBe('shed 429');
    expect(queue.stats()).toEqual({ running: 1, known: 2, clean: 1, other: 0 });

    for (const label of ['running', 'k1', 'k2', 'c1']) await finish(label);
    expect(started).toEqual(['running', 'k1', 'k2', 'c1']);
    expect([await running, await k1, await k2, await c1]).toEqual(['running', 'k1', 'k2', 'c1']);
  });

  it('runs up to `concurrent` at once, and a freed slot goes straight to the next in line', async () => {
    const queue = priorityQueue({ concurrent: 2, waiting: 4 });
    const { started, work, finish } = heldWork();
    const runs = ['a', 'b', 'c', 'd'].map((label) => queue.run('clean', work(label)));
    await settle();
    expect(started).toEqual(['a', 'b']);
    await finish('a');
    expect(started).toEqual(['a', 'b', 'c']);
    expect(queue.stats().running).toBe(2);
    for (const label of ['b', 'c', 'd']) await finish(label);
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
    expect(queue.stats().running).toBe(0);
  });
});
