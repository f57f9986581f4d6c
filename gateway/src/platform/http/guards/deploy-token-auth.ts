import { and, eq, gt } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { siteOfRemote, type RemoteName } from '@agency/contracts';
import { rateLimits, type Db } from '../../db';
import type { AuthEnv } from './session';
import { addressCounter, tryAgainIn } from '../limit';
import { LIMITS, type RateLimiter } from '../rate-limit';
import { tooMany } from '../too-many';
import { checkDeployToken } from './deploy-tokens';

// How a deploy token is presented and checked (decision 0059). The release API is mounted ahead of the session and
// CSRF middleware: a token request neither needs nor reads a cookie, and a token never becomes a session. Anywhere
// else in the API, a bearer token is refused outright, so it cannot stand in for a person.

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const bearerOf = (c: Context) => BEARER.exec(c.req.header('authorization') ?? '')?.[1];

const unauthorized = (message: string) =>
  new HTTPException(401, {
    res: new Response(JSON.stringify({ message }), {
      status: 401,
      headers: { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer realm="releases"' },
    }),
  });

const REASONS = {
  malformed: 'That is not a deploy token.',
  unknown: 'That deploy token is not known.',
  revoked: 'That deploy token was revoked: ask a master admin for a new one.',
  expired: 'That deploy token has expired: ask a master admin for a new one.',
} as const;

/**
 * Checks a bearer token, counting failures per client address like failed sign-ins (decision 0020). A valid token
 * always goes through (decision 0076): failures from an address (someone guessing behind the same NAT, or an old
 * token left in a script) never lock a pipeline out. An invalid one from an address past the limit is refused 429:
 * guessing costs one indexed lookup and one counter write per try, and gets nowhere either way (256-bit tokens).
 */
export function deployTokenAuth(db: Db, limiter: RateLimiter, trustedProxies: ReadonlySet<string>) {
  const limit = LIMITS.deployTokenFailuresPerIp;

  async function blocked(c: Context): Promise<Response | null> {
    const key = addressCounter(c, 'deploy-token', trustedProxies);
    const [row] = await db
      .select()
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, new Date())));
    if (!row || row.count <= limit.max) return null;
    const wait = Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000));
    return tooMany(
      c,
      wait,
      `Too many failed deploy token attempts from your network. Please try again ${tryAgainIn(wait)}.`,
    );
  }

  async function verify(c: Context<AuthEnv>, token: string) {
    const checked = await checkDeployToken(db, token);
    if (checked.ok) return { token: checked.token };
    const refused = await blocked(c);
    if (refused) return { refused };
    const verdict = await limiter.hit([addressCounter(c, 'deploy-token', trustedProxies), limit]);
    if (!verdict.allowed)
      return {
        refused: tooMany(
          c,
          verdict.retryAfterSeconds,
          `Too many failed deploy token attempts from your network. Please try again ${tryAgainIn(verdict.retryAfterSeconds)}.`,
        ),
      };
    throw unauthorized(REASONS[checked.reason]);
  }

  /** The release API's authentication: sets `deployToken`, or answers 401 (429 past the failure limit). */
  const releaseRoutes: MiddlewareHandler<AuthEnv> = async (c, next) => {
    const presented = bearerOf(c);
    if (!presented) throw unauthorized('The release API needs a deploy token: Authorization: Bearer <token>.');
    const outcome = await verify(c, presented);
    if ('refused' in outcome) return outcome.refused;
    c.set('deployToken', outcome.token);
    return next();
  };

  /** Every other API route: a bearer token is no way in (403 for a valid one, 401 for any other). */
  const elsewhere: MiddlewareHandler<AuthEnv> = async (c, next) => {
    const presented = bearerOf(c);
    if (!presented) return next();
    const outcome = await verify(c, presented);
    if ('refused' in outcome) return outcome.refused;
    return c.json(
      { message: 'A deploy token can only be used on its remote’s release API (/api/releases/<remote>/).' },
      403,
    );
  };

  return { releaseRoutes, elsewhere };
}

/**
 * The route guard of `deploy-token` entries: the token must be for the path's remote (403 for another), and that
 * remote a team's: the portal's (account) is released by the agency only, whatever token is shown (decision 0077).
 */
export const deployTokenOnly: MiddlewareHandler<AuthEnv> = async (c, next) => {
  const token = c.get('deployToken');
  if (!token) throw new HTTPException(401, { message: 'The release API needs a deploy token.' });
  const remote = c.req.param('remote');
  if (siteOfRemote(remote as RemoteName) === 'portal' || siteOfRemote(token.remote) === 'portal')
    throw new HTTPException(403, {
      message: 'The account remote is released by the agency only: no deploy token can release it.',
    });
  if (token.remote !== remote)
    throw new HTTPException(403, { message: `This deploy token is for ${token.remote} only.` });
  await next();
};
