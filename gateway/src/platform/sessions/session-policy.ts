import type { Role } from '@agency/contracts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface SessionLimits {
  /** A session not used for this long ends. */
  idleMs: number;
  /** No session lasts longer than this from sign-in, however much it is used. */
  absoluteMs: number;
  /**
   * How stale the recorded last use may get before a request records it again. Recording every request would add a
   * write to every signed-in read, so the idle limit holds to within this much (it may end a session this much early).
   */
  touchEveryMs: number;
}

/**
 * Session lifetimes by role (decision 0021). A client stays signed in for a week of not visiting, at most a month.
 * Staff sessions open every client's data and the lead inbox, so they end after a night unused and a day at most:
 * one sign-in per working day.
 */
export const SESSION_LIMITS: Record<Role, SessionLimits> = {
  client: { idleMs: 7 * DAY, absoluteMs: 30 * DAY, touchEveryMs: HOUR },
  admin: { idleMs: 12 * HOUR, absoluteMs: DAY, touchEveryMs: 5 * MINUTE },
  master_admin: { idleMs: 12 * HOUR, absoluteMs: DAY, touchEveryMs: 5 * MINUTE },
};

/** When a session ends if it is not used again after `lastUsedAt` (ms since the epoch). */
export const endsAt = (limits: SessionLimits, createdAt: number, lastUsedAt: number) =>
  Math.min(lastUsedAt + limits.idleMs, createdAt + limits.absoluteMs);

/**
 * What a request finds: `expiresAt` was computed from the limits when the session was created or last touched, so
 * the check itself is one comparison; a touch (recording this use, which moves the end) is due only once the recorded
 * last use is `touchEveryMs` old.
 */
export function checkSession(
  stored: { lastUsedAt: number; expiresAt: number },
  role: Role,
  now: number,
): 'ended' | 'valid' | 'touch' {
  if (now >= stored.expiresAt) return 'ended';
  return now - stored.lastUsedAt < SESSION_LIMITS[role].touchEveryMs ? 'valid' : 'touch';
}
