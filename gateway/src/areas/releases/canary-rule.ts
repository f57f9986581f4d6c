import { errorRate, type Counts } from './figures';

export interface CanaryRule {
  /** Page loads (with failed loads) the canary needs before browsers' figures judge it. */
  minPageLoads: number;
  /** How much worse the canary's error rate may be than the live version's, as a fraction (0.02: two points). */
  errorMargin: number;
  /**
   * Distinct networks (IPv4 /24, IPv6 /48: decision 0076) whose browsers reported failures, before browsers' figures
   * may abort it.
   */
  minFailingAddresses: number;
  /** Page loads per client (an IPv4 address, an IPv6 /48) and hour that count toward any figure (areas/releases/rum.ts). */
  pageLoadsPerAddress: number;
  /** The canary's server renders that failed again on retry, before the gateway's own figures may abort it. */
  minRenderFailures: number;
}

export type Verdict = { abort: false } | { abort: true; reason: string };

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const points = (margin: number) => `${(margin * 100).toFixed(1)} points`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What browsers measured: a worse error rate over enough page loads, with failures from enough networks. */
function browsersVerdict(canary: Counts, live: Counts, rule: CanaryRule): Verdict {
  const loads = canary.pageLoads + canary.loadFailures;
  if (loads < rule.minPageLoads || canary.failingAddresses < rule.minFailingAddresses) return { abort: false };
  const canaryRate = errorRate(canary) ?? 0;
  const liveRate = errorRate(live) ?? 0;
  if (canaryRate - liveRate <= rule.errorMargin) return { abort: false };
  return {
    abort: true,
    reason:
      `error rate ${percent(canaryRate)} over ${loads} page loads, with failures from ` +
      `${plural(canary.failingAddresses, 'network')}, against ${percent(liveRate)} for the live version ` +
      `(${live.pageLoads + live.loadFailures} page loads); the margin is ${points(rule.errorMargin)}`,
  };
}

const renderFailureRate = ({ serverRenders, serverRenderFailures }: Counts) =>
  serverRenders === 0 ? 0 : serverRenderFailures / serverRenders;

/**
 * What the gateway saw itself: the canary's server renders failing again and again (each failure counted here was a
 * page's retry failing after an earlier failure) while the live version's do not, with no beacon needed.
 */
function rendersVerdict(canary: Counts, live: Counts, rule: CanaryRule): Verdict {
  if (canary.serverRenderFailures < rule.minRenderFailures) return { abort: false };
  const canaryRate = renderFailureRate(canary);
  const liveRate = renderFailureRate(live);
  if (canaryRate - liveRate <= rule.errorMargin) return { abort: false };
  return {
    abort: true,
    reason:
      `${canary.serverRenderFailures} of its ${plural(canary.serverRenders, 'server render')} failed again on retry ` +
      `(${percent(canaryRate)}) against ${percent(liveRate)} for the live version ` +
      `(${plural(live.serverRenders, 'server render')}); the margin is ${points(rule.errorMargin)}`,
  };
}

/**
 * Whether a canary should be aborted, and why, from both versions' counts over the canary's window. Pure, so the
 * rule is tested by its table alone (canary-rule.test.ts).
 */
export function judgeCanary(canary: Counts, live: Counts, rule: CanaryRule): Verdict {
  const browsers = browsersVerdict(canary, live, rule);
  return browsers.abort ? browsers : rendersVerdict(canary, live, rule);
}
