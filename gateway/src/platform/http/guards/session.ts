import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { Cookie } from 'lucia';
import {
  SESSION_ENDED_HINT,
  SESSION_ENDED_HINT_SECONDS,
  SIGNED_IN_COOKIE,
  SIGNING_IN_COOKIE,
  type DeployToken,
  type User,
} from '@agency/contracts';
import type { Auth, PendingSignIn, Session, SessionUser } from '../../sessions/sessions';

export interface AuthVariables {
  user: SessionUser | null;
  session: Session | null;
  /** A pipeline's deploy token (platform/http/guards/deploy-token-auth.ts): set on the release API only, never with a session. */
  deployToken?: DeployToken;
  /** A session that owes its second factor: `user` and `session` are null, so no other endpoint opens to it. */
  pending: PendingSignIn | null;
}
export type AuthEnv = { Variables: AuthVariables };

/**
 * Writes a Lucia cookie (HttpOnly, SameSite=Lax, Path=/, Secure when the site is served over HTTPS), and beside it
 * the `signed-in` hint with the same lifetime, set or blanked with it: readable by scripts and holding no secret,
 * it only tells the browser whether asking `/api/auth/user` is worth it (contracts/src/constants.ts).
 */
export function setSessionCookie(
  c: Context,
  cookie: Cookie,
  { signedIn = true, ended = false }: { signedIn?: boolean; ended?: boolean } = {},
) {
  c.header('Set-Cookie', cookie.serialize(), { append: true });
  // A sign-in that still owes its second factor is no session for the pages: they must not ask who is signed in. The
  // sign-in page is told one is under way instead, so a reload resumes it (decision 0083).
  const live = Boolean(cookie.value);
  const hint = (name: string, on: boolean) =>
    new Cookie(name, on ? '1' : '', { ...cookie.attributes, httpOnly: false, ...(on ? {} : { maxAge: 0 }) });
  // A session that ended without a sign-out here leaves the ended mark instead (contracts/src/constants.ts), so a
  // protected page reloaded after this answer goes to sign-in and back rather than home (decision 0102).
  const signedInHint =
    !live && ended
      ? new Cookie(SIGNED_IN_COOKIE, SESSION_ENDED_HINT, {
          ...cookie.attributes,
          httpOnly: false,
          maxAge: SESSION_ENDED_HINT_SECONDS,
        })
      : hint(SIGNED_IN_COOKIE, live && signedIn);
  c.header('Set-Cookie', signedInHint.serialize(), { append: true });
  c.header('Set-Cookie', hint(SIGNING_IN_COOKIE, live && !signedIn).serialize(), { append: true });
}

/**
 * Reads the session cookie on every API request; sends it again when a use was recorded (its Max-Age moves with
 * the session's end), and a blank one with the ended mark when the session ran out now. Only on the portal's origin
 * (`reads`): the public site's requests are nobody's, whatever cookie they carry (decision 0077).
 */
export function sessionMiddleware(auth: Auth, reads: (c: Context) => boolean): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const id = reads(c) ? getCookie(c, auth.cookieName) : undefined;
    c.set('pending', null);
    if (!id) {
      c.set('user', null);
      c.set('session', null);
      return next();
    }
    const { user, session, pending, cookie } = await auth.validate(id);
    // A blank cookie here: the session ran out (its idle or absolute limit), not a sign-out.
    if (cookie) setSessionCookie(c, cookie, { ended: !cookie.value });
    c.set('user', user);
    c.set('session', session);
    c.set('pending', pending ?? null);
    return next();
  };
}

/** The user as the API shows it: never a hash or token. */
export const publicUser = (u: SessionUser): User => ({ id: u.id, username: u.username, email: u.email, role: u.role });

export function requireUser(c: Context<AuthEnv>): { user: SessionUser; session: Session } {
  const user = c.get('user');
  const session = c.get('session');
  if (!user || !session) throw new HTTPException(401, { message: 'Not authenticated' });
  return { user, session };
}
