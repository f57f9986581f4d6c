import type { Context, MiddlewareHandler } from 'hono';
import { STEP_UP_MS } from '@agency/contracts';
import type { AuthEnv } from './session';
import type { Session } from '../../sessions/sessions';

export const STEP_UP_MESSAGE = 'Confirm it is you: enter a code from your authenticator app or use a passkey.';
export const PASSWORD_STEP_UP_MESSAGE = 'Confirm it is you: enter your password again, or use a passkey.';

const recent = (at: Date | null, now: number) => at !== null && now - at.getTime() < STEP_UP_MS;

/**
 * Whether a session proved, recently enough for a sensitive action, what its account's sign-in asks for (decisions
 * 0061, 0083): a second factor when the account is asked for one after its password (staff; a client who chose it),
 * else the password or a passkey. A password never stands in for a second factor the sign-in would ask for.
 */
export const freshEnough = (session: Pick<Session, 'secondFactorAt' | 'passwordAt' | 'secondStep'>, now = Date.now()) =>
  recent(session.secondFactorAt, now) || (!session.secondStep && recent(session.passwordAt, now));

/**
 * The step-up answer when the signed-in session's proof is too old: 403 naming `secondFactor`, which the dashboard
 * answers by asking for a code, a passkey or the password, and calling again. Null when it is fresh, and for a request
 * with no signed-in session (a pending sign-in setting up its first app, a stranger): the access guard or the handler
 * decides those.
 */
export function stepUpRefusal(c: Context<AuthEnv>) {
  const session = c.get('session');
  if (!c.get('user') || !session || freshEnough(session)) return null;
  const message = session.secondStep ? STEP_UP_MESSAGE : PASSWORD_STEP_UP_MESSAGE;
  return c.json({ message, errors: { secondFactor: message } }, 403);
}

/**
 * The guard of every endpoint-table entry marked `stepUp` (platform/http/routes.ts adds it after the access guard). Any other
 * route can use it as a middleware too.
 */
export const freshSecondFactor: MiddlewareHandler<AuthEnv> = async (c, next) => stepUpRefusal(c) ?? next();

/**
 * `stepUp: 'staff-role'`: a body asking for a staff role needs the step-up, any other does not (public registration).
 * Runs after the body was validated.
 */
export const freshFactorForStaffRole: MiddlewareHandler<AuthEnv> = async (c, next) => {
  const body = (c.req as unknown as { valid(target: 'json'): { role?: string } }).valid('json');
  if (body.role !== undefined && body.role !== 'client') {
    const refused = stepUpRefusal(c);
    if (refused) return refused;
  }
  await next();
};
