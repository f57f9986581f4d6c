import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { jobRunner } from './jobs';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.cleanup());

/** Resolves once `done()` holds, checking on each turn of a short timer. */
const until = (done: () => boolean) =>
  new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (!done()) return;
      clearInterval(check);
      resolve();
    }, 5);
  });

it('runs a leased job once per interval across two gateways, and an unleased one on each', async () => {
  const EVERY = 150;
  const leased: { holder: string; at: number }[] = [];
  const everywhere: string[] = [];
  const runners = ['a', 'b'].map((holder) =>
    jobRunner({ db: t.db, logger: createLogger('silent'), holder })
      .every('sweep', EVERY, async (now) => void leased.push({ holder, at: now.getTime() }), { lease: true })
      .every('outbox', EVERY, async () => void everywhere.push(holder)),
  );
  for (const r of runners) r.start();
  await until(() => leased.length >= 4 && everywhere.includes('a') && everywhere.includes('b'));
  for (const r of runners) r.stop();
  await Promise.all(runners.map((r) => r.idle()));
  // Never two runs within one lease: a run by the other gateway took the lease at least an interval after the one
  // before. One gateway's own runs follow its timer, which a busy machine may fire late and then on time again, so
  // between those only the order is certain.
  for (let i = 1; i < leased.length; i++) {
    const gap = leased[i]!.at - leased[i - 1]!.at;
    if (leased[i]!.holder === leased[i - 1]!.holder) expect(gap).toBeGreaterThan(0);
    else expect(gap).toBeGreaterThanOrEqual(EVERY);
  }
});

it('logs a run that fails and runs the job again on its next turn; a slow run is never overlapped', async () => {
  const lines: string[] = [];
  let runs = 0;
  let running = 0;
  let overlapped = false;
  const runner = jobRunner({ db: t.db, logger: createLogger('warn', (l) => lines.push(l)) })
    .every('flaky', 20, async () => {
      runs++;
      if (runs === 1) throw new Error('the first run fails');
    })
    .every('slow', 10, async () => {
      running++;
      if (running > 1) overlapped = true;
      await new Promise((r) => setTimeout(r, 60));
      running--;
    });
  runner.start();
  await until(() => runs >= 3);
  runner.stop();
  await runner.idle();
  expect(JSON.parse(lines.find((l) => l.includes('flaky failed'))!)).toMatchObject({
    level: 'warn',
    msg: 'flaky failed',
    error: 'Error: the first run fails',
  });
  expect(overlapped).toBe(false);
});
