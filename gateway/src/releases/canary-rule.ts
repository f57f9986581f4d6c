import { errorRate, type Counts } from './figures';

export interface CanaryRule {
  /** Page loads (with failed loads) the canary needs before it is judged. */
  minPageLoads: number;
  /** How much worse the canary's error rate may be than the live version's, as a fraction (0.02: two points). */
  errorMargin: number;
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/**
 * Whether a canary should be aborted, and why, from both versions' counts over the canary's window. Pure, so the
 * rule is tested by its table alone (canary-rule.test.ts).
 */
export function judgeCanary(
  canary: Counts,
  live: Counts,
  rule: CanaryRule,
): { abort: false } | { abort: true; reason: string } {
  const loads = canary.pageLoads + canary.loadFailures;
  if (loads < rule.minPageLoads) return { abort: false };
  const canaryRate = errorRate(canary) ?? 0;
  const liveRate = errorRate(live) ?? 0;
  if (canaryRate - liveRate <= rule.errorMargin) return { abort: false };
  return {
    abort: true,
    reason:
      `error rate ${percent(canaryRate)} over ${loads} page loads against ${percent(liveRate)} for the live ` +
      `version (${live.pageLoads + live.loadFailures} page loads); the margin is ${(rule.errorMargin * 100).toFixed(1)} points`,
  };
}
