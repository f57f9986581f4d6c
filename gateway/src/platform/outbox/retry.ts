/** How the outbox retries (decision 0087): the first retry after `firstDelayMs`, each next one twice as long. */
export interface RetrySettings {
  firstDelayMs: number;
  maxDelayMs: number;
  /** Tries before a message is left `dead` for staff: 8 is about 17 hours with the defaults. */
  maxAttempts: number;
}

export const OUTBOX_RETRY: RetrySettings = { firstDelayMs: 30_000, maxDelayMs: 6 * 3_600_000, maxAttempts: 8 };

/** The wait before try number `attempt + 1` (after `attempt` failures). */
export const backoffMs = (attempt: number, retry: Pick<RetrySettings, 'firstDelayMs' | 'maxDelayMs'>) =>
  Math.min(retry.firstDelayMs * 2 ** Math.max(0, attempt - 1), retry.maxDelayMs);
