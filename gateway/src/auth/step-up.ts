import type { MiddlewareHandler } from 'hono';
import { STEP_UP_MS } from '@agency/contracts';
import { requireUser, type AuthEnv } from './session';

export const STEP_UP_MESSAGE = 'Confirm it is you: enter a code from your authenticator app or use a passkey.';

/** Whether a session proved a second factor recently enough for a sensitive action (decision 0061). */
export const recentSecondFactor = (secondFactorAt: Date | null, now = Date.now()) =>
  secondFactorAt !== null && now - secondFactorAt.getTime() < STEP_UP_MS;

/**
 * The guard of every endpoint-table entry marked `stepUp` (api/routes.ts adds it after the access guard): a session
 * whose last second factor is older than STEP_UP_MS gets a 403 naming `secondFactor`, which the dashboard answers by
 * asking for a code (or a passkey) and calling again. Any other route can use it as a middleware too.
 */
export const freshSecondFactor: MiddlewareHandler<AuthEnv> = async (c, next) => {
  const { session } = requireUser(c);
  if (!recentSecondFactor(session.secondFactorAt))
    return c.json({ message: STEP_UP_MESSAGE, errors: { secondFactor: STEP_UP_MESSAGE } }, 403);
  await next();
};
