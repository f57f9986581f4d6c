import type { Releases } from '@agency/contracts';

export type RemoteStatus = Releases['remotes'][number];
export type ReleaseRule = Releases['rule'];

const whole = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 0 });

/** A share of 0-100 as shown: one decimal. */
export const shownShare = (percent: number) => `${percent.toFixed(1)}%`;

/** A fraction (0.015) as a percentage with one decimal (1.5%). */
export const shownRate = (fraction: number) => shownShare(fraction * 100);

export const shownMs = (ms: number) => `${whole.format(Math.round(ms))} ms`;

export const shownCls = (cls: number) => cls.toFixed(3);

export const counted = (n: number, one: string, many = `${one}s`) => `${whole.format(n)} ${n === 1 ? one : many}`;

/** The automatic abort rule in a few sentences, as the gateway applies it (canary-rule.ts, decisions 0046, 0076). */
export const ruleSentence = (rule: ReleaseRule) => {
  const margin = `${(rule.errorMargin * 100).toFixed(1)} points`;
  return (
    `A canary is aborted automatically when, after at least ${counted(rule.minPageLoads, 'page load')} with ` +
    `failures from at least ${counted(rule.minFailingAddresses, 'network')}, its error rate is more ` +
    `than ${margin} above the live version's, or when at least ${counted(rule.minRenderFailures, 'server render')} ` +
    `failed again on retry and its share of failed server renders is more than ${margin} above the live version's. ` +
    `Browsers' measurements count only from pages this site served, at most ` +
    `${counted(rule.pageLoadsPerAddress, 'page load')} per client an hour (an IPv4 address or an IPv6 /48; networks ` +
    'are IPv4 /24s and IPv6 /48s).'
  );
};
