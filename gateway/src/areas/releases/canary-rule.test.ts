import { describe, expect, it } from 'vitest';
import { judgeCanary } from './canary-rule';
import type { Counts } from './figures';

const rule = {
  minPageLoads: 100,
  errorMargin: 0.02,
  minFailingAddresses: 25,
  pageLoadsPerAddress: 3,
  minRenderFailures: 3,
};
/** Browsers' counts, with failures from `addresses` client addresses (enough, unless a case says otherwise). */
const counts = (pageLoads: number, errors: number, loadFailures = 0, addresses = 30): Counts => ({
  pageLoads,
  errors,
  loadFailures,
  failingAddresses: addresses,
  serverRenders: 0,
  serverRenderFailures: 0,
});
/** The gateway's own counts: server renders, and those that failed again on retry. */
const renders = (serverRenders: number, serverRenderFailures: number): Counts => ({
  ...counts(0, 0, 0, 0),
  serverRenders,
  serverRenderFailures,
});

describe('judgeCanary', () => {
  it.each([
    ['too few page loads to judge, however bad', counts(99, 99), counts(1000, 0), false],
    ['enough loads, as good as live', counts(200, 2), counts(1000, 10), false],
    ['worse, but within the margin', counts(200, 6), counts(1000, 10), false], // 3% vs 1%: exactly 2 points
    ['worse by more than the margin', counts(200, 7), counts(1000, 10), true], // 3.5% vs 1%
    ['failed loads count as page loads that went wrong', counts(90, 0, 10), counts(1000, 0), true], // 10% of 100
    ['no live figures: judged against zero', counts(100, 3), counts(0, 0), true],
    ['a live version worse than the canary', counts(500, 50), counts(500, 60), false],
    // 20 forging addresses at their 3 page loads an hour: 60 failures, every one counted, and still no abort.
    ['failures from too few addresses, however many', counts(200, 60, 0, 20), counts(1000, 0), false],
    ['failures from just enough addresses', counts(200, 25, 0, 25), counts(1000, 0), true],
    ['server renders failing on retry, the live ones not', renders(4, 3), renders(10, 0), true],
    ['too few repeated render failures', renders(2, 2), renders(0, 0), false],
    ['the live version failing as often (the machine, not the canary)', renders(6, 3), renders(6, 3), false],
    ['render failures among many good renders, within the margin', renders(400, 3), renders(100, 0), false],
  ])('%s', (_name, canary, live, abort) => {
    expect(judgeCanary(canary, live, rule).abort).toBe(abort);
  });

  it('says why, with both rates, both sample sizes, the failing addresses and the margin', () => {
    expect(judgeCanary(counts(180, 10, 20, 26), counts(1000, 10), rule)).toEqual({
      abort: true,
      reason:
        'error rate 15.0% over 200 page loads, with failures from 26 networks, against 1.0% for the live version ' +
        '(1000 page loads); the margin is 2.0 points',
    });
  });

  it('says why the gateway aborted by what it saw itself', () => {
    expect(judgeCanary(renders(4, 3), renders(1, 0), rule)).toEqual({
      abort: true,
      reason:
        '3 of its 4 server renders failed again on retry (75.0%) against 0.0% for the live version ' +
        '(1 server render); the margin is 2.0 points',
    });
  });
});
