/**
 * One trace per page load (decision 0088), made in the browser without an OpenTelemetry SDK: a W3C trace id drawn
 * once per document, and a `traceparent` with a new span id for each API call and beacon, so the gateway continues
 * that trace and every server span of one page load (down to its SQL) shares one trace id. Kept on `globalThis`, so
 * the shell and each remote (which may carry their own copy of this module) send the same one.
 */
const KEY = Symbol.for('agency.pageTraceId');

function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  let out = '';
  for (const v of values) out += v.toString(16).padStart(2, '0');
  // An all-zero id is invalid in W3C trace context; astronomically unlikely, but then draw again.
  return /^0+$/.test(out) ? randomHex(bytes) : out;
}

/** This page load's trace id (32 hex digits). */
export function pageTraceId(): string {
  const holder = globalThis as { [KEY]?: string };
  return (holder[KEY] ??= randomHex(16));
}

/** A `traceparent` value in this page load's trace, sampled, with a new parent span id. */
export const traceparent = (): string => `00-${pageTraceId()}-${randomHex(8)}-01`;

/** `path` with this page load's `traceparent` as a query parameter: for beacons, which cannot set headers. */
export const withTraceparent = (path: string): string =>
  `${path}${path.includes('?') ? '&' : '?'}traceparent=${traceparent()}`;
