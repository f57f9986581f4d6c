import {
  RUM_BATCH_MAX,
  RUM_PATH,
  RUM_TOKEN_TIMING,
  type endpoints,
  type JsonBodyOf,
  type RumEvent,
} from '@agency/contracts';
import { readPublicConfig, withTraceparent } from '@agency/contracts/client';

/** Measurements wait at most this long for company, so a visitor who stays on one page is still counted. */
const FLUSH_AFTER_MS = 5_000;

let sampled: boolean | undefined;
let queue: RumEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

/**
 * Whether this page load's measurements are sent: decided once per page load by the configured sample rate, so a
 * sampled load sends all of its measurements and error rates stay comparable across versions.
 */
export function isSampled(): boolean {
  sampled ??= typeof document !== 'undefined' && Math.random() < readPublicConfig(document).rumSampleRate;
  return sampled;
}

/**
 * This page load's token, which the gateway sent with the page document (`Server-Timing`): measurements count only
 * with it (decision 0046). None for a page from elsewhere, or where the browser does not expose it.
 */
function pageToken(): string | undefined {
  try {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return navigation?.serverTiming?.find((entry) => entry.name === RUM_TOKEN_TIMING)?.description || undefined;
  } catch {
    return undefined;
  }
}

/** Sends what is queued as one beacon (JSON, same origin); it survives the page being closed. */
export function flushRum(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0) return;
  const token = pageToken();
  const events = queue;
  queue = [];
  // Without its token the gateway would count none of it: nothing to send.
  if (!token) return;
  const beacon = { token, events } satisfies JsonBodyOf<typeof endpoints.rumBeacon>;
  const body = new Blob([JSON.stringify(beacon)], { type: 'application/json' });
  try {
    // The page load's trace rides in the address: a beacon cannot set headers (decision 0088).
    const path = withTraceparent(RUM_PATH);
    if (!navigator.sendBeacon?.(path, body))
      void fetch(path, {
        method: 'POST',
        body,
        keepalive: true,
        headers: { 'Content-Type': 'application/json' },
      }).catch(() => undefined);
  } catch {
    // Measuring is a nicety; nothing the visitor does may fail because of it.
  }
}

function listen() {
  if (listening) return;
  listening = true;
  // The last chance a page has to send: the visitor switched away or is leaving (pagehide for older Safari).
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flushRum());
  addEventListener('pagehide', flushRum);
}

/**
 * Queues one measurement (decision 0041): no personal data, only a remote, its version, a kind and a number. Batched:
 * sent when the batch is full, a few seconds after its first measurement, or when the page is hidden.
 */
export function recordRum(event: RumEvent): void {
  if (typeof window === 'undefined' || !isSampled()) return;
  queue.push(event);
  listen();
  if (queue.length >= RUM_BATCH_MAX) flushRum();
  else timer ??= setTimeout(flushRum, FLUSH_AFTER_MS);
}
