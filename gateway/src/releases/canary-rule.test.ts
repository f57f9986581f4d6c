import { describe, expect, it } from 'vitest';
import { judgeCanary } from './canary-rule';

const rule = { minPageLoads: 100, errorMargin: 0.02 };
const counts = (pageLoads: number, errors: number, loadFailures = 0) => ({ pageLoads, errors, loadFailures });

describe('judgeCanary', () => {
  it.each([
    ['too few page loads to judge, however bad', counts(99, 99), counts(1000, 0), false],
    ['enough loads, as good as live', counts(200, 2), counts(1000, 10), false],
    ['worse, but within the margin', counts(200, 6), counts(1000, 10), false], // 3% vs 1%: exactly 2 points
    ['worse by more than the margin', counts(200, 7), counts(1000, 10), true], // 3.5% vs 1%
    ['failed loads count as page loads that went wrong', counts(90, 0, 10), counts(1000, 0), true], // 10% of 100
    ['no live figures: judged against zero', counts(100, 3), counts(0, 0), true],
    ['a live version worse than the canary', counts(500, 50), counts(500, 60), false],
  ])('%s', (_name, canary, live, abort) => {
    expect(judgeCanary(canary, live, rule).abort).toBe(abort);
  });

  it('says why, with both rates, both sample sizes and the margin', () => {
    const verdict = judgeCanary(counts(180, 10, 20), counts(1000, 10), rule);
    expect(verdict).toEqual({
      abort: true,
      reason:
        'error rate 15.0% over 200 page loads against 1.0% for the live version (1000 page loads); the margin is 2.0 points',
    });
  });
});
