import { formatNzDateTime } from '@agency/contracts';

/**
 * What a failed fetch means for the next one (decision 0093), told from Google's answer: a grant Google refused is
 * dead until staff reconnect; no access to the property or site waits for staff to fix it, retried slowly; a used-up
 * quota, a 429, a 5xx or no answer at all are retried on an exponential backoff. Every kind is stored on the
 * connection in words staff can act on.
 */
export type FetchFailure =
  | { kind: 'dead-grant'; message: string }
  | { kind: 'retry'; cause: 'quota' | 'no-access' | 'unavailable' | 'answer'; message: string };

const MINUTE = 60_000;
/** The longest wait between tries: a day's fetch is still made the same day after a long outage. */
export const MAX_BACKOFF_MS = 6 * 60 * MINUTE;
const FIRST_WAIT_MS = { quota: 30 * MINUTE, 'no-access': 60 * MINUTE, unavailable: 5 * MINUTE, answer: 30 * MINUTE };

/** The wait before try `failures + 1`: doubling from the cause's first wait, at most MAX_BACKOFF_MS. */
export const backoffMs = (cause: keyof typeof FIRST_WAIT_MS, failures: number): number =>
  Math.min(MAX_BACKOFF_MS, FIRST_WAIT_MS[cause] * 2 ** Math.max(0, failures - 1));

interface GoogleError {
  code?: string;
  message?: string;
  response?: { status?: number; data?: unknown };
}

const googleStatusOf = (data: unknown): string | undefined => {
  const error = (data as { error?: unknown } | undefined)?.error;
  if (typeof error === 'string') return error;
  return (error as { status?: string } | undefined)?.status;
};

/** Which API and what it was asked about, for the message: "GA4 property properties/123". */
export function classify(error: unknown, what: string): FetchFailure {
  const e = (error ?? {}) as GoogleError;
  const status = e.response?.status;
  const google = googleStatusOf(e.response?.data);
  if (google === 'invalid_grant')
    return { kind: 'dead-grant', message: 'Google refused the grant (revoked or expired): reconnect' };
  if (status === 429 || google === 'RESOURCE_EXHAUSTED')
    return { kind: 'retry', cause: 'quota', message: `Google's quota for ${what} is used up` };
  if (status === 403 || google === 'PERMISSION_DENIED')
    return {
      kind: 'retry',
      cause: 'no-access',
      message: `The grant has no access to ${what}: pick another or reconnect`,
    };
  if (status !== undefined && status >= 500)
    return { kind: 'retry', cause: 'unavailable', message: `Google did not answer for ${what} (${status})` };
  if (status === undefined && e.code)
    return { kind: 'retry', cause: 'unavailable', message: `Google could not be reached for ${what} (${e.code})` };
  if (status === undefined)
    return { kind: 'retry', cause: 'answer', message: `Google's answer for ${what} could not be read` };
  return { kind: 'retry', cause: 'answer', message: `Google answered ${status} for ${what}` };
}

/** "…; retrying at Wed, 4 Mar 2026, 5:00 pm" (NZ time). */
export const withRetry = (message: string, at: Date) => `${message}; retrying at ${formatNzDateTime(at)}`;
