import type { conversionEvents } from '../../platform/db';

/** A stored conversion, as the senders read it. */
export type StoredConversion = typeof conversionEvents.$inferSelect;

/** What one attempt at a platform came to. */
export type Attempt =
  | { kind: 'sent'; matchQuality: number | null }
  | { kind: 'retry'; reason: string }
  | { kind: 'refused'; reason: string };

/** A platform's own words are kept to this many characters (a stored reason, a log line). */
export const REASON_CHARS = 300;
export const bounded = (text: string) => (text.length > REASON_CHARS ? `${text.slice(0, REASON_CHARS - 1)}…` : text);

/** How long one call to a platform may take before it counts as no answer (and is tried again later). */
export const CALL_TIMEOUT_MS = 10_000;

/** 429 and 5xx are the platform's passing trouble: tried again on the backoff. Any other 4xx is its refusal. */
export const retriable = (status: number) => status === 429 || status >= 500;

/** A call that got no answer (refused connection, timeout): tried again, with what happened in words. */
export const noAnswer = (what: string, error: unknown): Attempt => ({
  kind: 'retry',
  reason: bounded(`${what} did not answer: ${error instanceof Error ? error.message : String(error)}`),
});

/** A field of a JSON body, read without trusting its shape. */
export function field(body: unknown, ...path: string[]): unknown {
  let at = body;
  for (const key of path) at = at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}
