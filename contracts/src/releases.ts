import { REMOTE_NAMES, type RemoteName } from './remotes';

// Canary releases and real-user measurements (decision 0041). Zod-free: the shell imports this module;
// the payload schemas live in schemas/releases.ts.

/**
 * The visitor's release bucket, 0-99: random and non-personal, set by the gateway on the first page served while a
 * canary runs, so one visitor keeps one version of each remote for as long as the canary's share stays the same.
 */
export const RELEASE_BUCKET_COOKIE = 'release_bucket';
export const RELEASE_BUCKETS = 100;

/**
 * Whether a visitor's bucket falls in a remote's canary share. Each remote counts from its own offset, so two
 * canaries at 10% reach two different tenths of visitors and one's errors never ride along with the other's.
 */
export function inCanary(bucket: number, remote: RemoteName, percent: number): boolean {
  const offset = REMOTE_NAMES.indexOf(remote) * 37;
  return (bucket + offset) % RELEASE_BUCKETS < percent;
}

/**
 * Where the shell sends its batched measurements and its failed remote loads (`navigator.sendBeacon`, JSON): the
 * paths of two entries of the endpoint table, here so the shell, which ships no zod, can import them.
 */
export const RUM_PATH = '/api/telemetry/rum';
export const REMOTE_LOAD_FAILURE_PATH = '/api/telemetry/remote-load-failure';

/**
 * The name of the `Server-Timing` entry by which the gateway hands each page document its measurement token
 * (`Server-Timing: rum;desc="<token>"`): same-origin scripts read it from the navigation's `serverTiming`, and the
 * page's bytes stay the same for everyone. The shell sends the token with its beacons; only measurements carrying a
 * valid one count (decision 0046).
 */
export const RUM_TOKEN_TIMING = 'rum';
/** A token is at most this long (the versions of three remotes, a bucket, an id, a time and a signature). */
export const RUM_TOKEN_MAX = 1024;

/**
 * What the shell measures, per remote and version: `load` (manifest request to the remote's first render, ms; one
 * per remote and page load, so it also counts page loads), `load-failure` (the remote could not be loaded), `error`
 * (its error boundary caught one), and the Core Web Vitals of the pages it owns: `lcp` and `inp` in ms, `cls`.
 */
export const RUM_KINDS = ['load', 'load-failure', 'error', 'lcp', 'inp', 'cls'] as const;
export type RumKind = (typeof RUM_KINDS)[number];
export interface RumEvent {
  remote: RemoteName;
  version: string;
  kind: RumKind;
  value?: number;
}

/** Events in one beacon at most; the shell sends sooner when it has this many. */
export const RUM_BATCH_MAX = 30;
