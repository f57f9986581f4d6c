import { describe, expect, it } from 'vitest';
import { checkSession, SESSION_LIMITS } from './session-policy';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('checkSession', () => {
  /** A session created at 0 and last used at `lastUsedAt`, stored with the end the limits gave it then. */
  const stored = (role: keyof typeof SESSION_LIMITS, lastUsedAt: number) => {
    const l = SESSION_LIMITS[role];
    return { createdAt: 0, lastUsedAt, expiresAt: Math.min(lastUsedAt + l.idleMs, l.absoluteMs) };
  };

  it.each([
    // role, last used, now, verdict
    ['client', 0, 30 * MINUTE, { kind: 'valid', expiresAt: 7 * DAY }],
    ['client', 0, HOUR, { kind: 'touch', expiresAt: HOUR + 7 * DAY }],
    ['client', 0, 7 * DAY - 1, { kind: 'touch', expiresAt: 7 * DAY - 1 + 7 * DAY }],
    ['client', 0, 7 * DAY, { kind: 'ended' }],
    ['client', 25 * DAY, 26 * DAY, { kind: 'touch', expiresAt: 30 * DAY }],
    ['client', 29 * DAY, 30 * DAY, { kind: 'ended' }],
    ['admin', 0, 4 * MINUTE, { kind: 'valid', expiresAt: 12 * HOUR }],
    ['admin', 0, 5 * MINUTE, { kind: 'touch', expiresAt: 5 * MINUTE + 12 * HOUR }],
    ['admin', 0, 12 * HOUR, { kind: 'ended' }],
    ['master_admin', 20 * HOUR, 21 * HOUR, { kind: 'touch', expiresAt: DAY }],
    ['master_admin', 20 * HOUR, DAY, { kind: 'ended' }],
  ] as const)('%s last used at %d, seen at %d: %j', (role, lastUsedAt, now, verdict) => {
    expect(checkSession(stored(role, lastUsedAt), role, now)).toEqual(verdict);
  });

  it('records the first use of a session from before idle limits (no last use stored)', () => {
    expect(checkSession({ createdAt: 0, lastUsedAt: 0, expiresAt: 10 * DAY }, 'client', 2 * DAY)).toEqual({
      kind: 'touch',
      expiresAt: 9 * DAY,
    });
  });
});
