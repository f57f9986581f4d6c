import { describe, expect, it } from 'vitest';
import { checkSession, endsAt, SESSION_LIMITS } from './session-policy';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('endsAt', () => {
  it.each([
    ['client', 0, 7 * DAY],
    ['client', 25 * DAY, 30 * DAY],
    ['admin', 0, 12 * HOUR],
    ['master_admin', 20 * HOUR, DAY],
  ] as const)('a %s session last used at %d ends at %d', (role, lastUsedAt, end) => {
    expect(endsAt(SESSION_LIMITS[role], 0, lastUsedAt)).toBe(end);
  });
});

describe('checkSession', () => {
  /** A session created at 0 and last used at `lastUsedAt`, stored with the end the limits gave it then. */
  const stored = (role: keyof typeof SESSION_LIMITS, lastUsedAt: number) => ({
    lastUsedAt,
    expiresAt: endsAt(SESSION_LIMITS[role], 0, lastUsedAt),
  });

  it.each([
    // role, last used, now, verdict
    ['client', 0, 30 * MINUTE, 'valid'],
    ['client', 0, HOUR, 'touch'],
    ['client', 0, 7 * DAY - 1, 'touch'],
    ['client', 0, 7 * DAY, 'ended'],
    ['client', 25 * DAY, 26 * DAY, 'touch'],
    ['client', 29 * DAY, 30 * DAY, 'ended'],
    ['admin', 0, 4 * MINUTE, 'valid'],
    ['admin', 0, 5 * MINUTE, 'touch'],
    ['admin', 0, 12 * HOUR, 'ended'],
    ['master_admin', 20 * HOUR, 21 * HOUR, 'touch'],
    ['master_admin', 20 * HOUR, DAY, 'ended'],
  ] as const)('%s last used at %d, seen at %d: %s', (role, lastUsedAt, now, verdict) => {
    expect(checkSession(stored(role, lastUsedAt), role, now)).toBe(verdict);
  });

  it('records the first use of a session from before idle limits (no last use stored)', () => {
    expect(checkSession({ lastUsedAt: 0, expiresAt: 10 * DAY }, 'client', 2 * DAY)).toBe('touch');
  });
});
