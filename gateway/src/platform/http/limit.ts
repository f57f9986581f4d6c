import type { Context, MiddlewareHandler } from 'hono';
import type { Limit, RateLimiter } from './rate-limit';
import { addressKey, clientIp, networkKey } from './client-ip';
import { tooMany } from './too-many';

/** "in 1 minute", "in 45 minutes", "in 2 hours": when to come back, in words. */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `in ${hours} hour${hours === 1 ? '' : 's'}`;
}

/** The counter key of a request's client address for one kind of limit, e.g. `lead:ip:203.0.113.7`. */
export const addressCounter = (c: Context, kind: string, trustedProxies: ReadonlySet<string>) =>
  `${kind}:ip:${addressKey(clientIp(c, trustedProxies))}`;

/** The counter key of a request's client network (IPv4 /24, IPv6 /48) for one kind of limit, e.g. `privacy:net:203.0.113.0/24`. */
export const networkCounter = (c: Context, kind: string, trustedProxies: ReadonlySet<string>) =>
  `${kind}:net:${networkKey(clientIp(c, trustedProxies))}`;

/**
 * A per-address limit for one `kind` of request. `check` counts the request against its client address, to be called
 * after its input was found valid and before any of its work, and gives the 429 (Retry-After, and `message`, which the
 * forms show as it is) once the address is past the limit; `middleware` does the same in a route's chain.
 */
export function addressLimit(
  limiter: RateLimiter,
  trustedProxies: ReadonlySet<string>,
  kind: string,
  limit: Limit,
  message: (wait: string) => string,
) {
  const check = async (c: Context): Promise<Response | null> => {
    const verdict = await limiter.hit([addressCounter(c, kind, trustedProxies), limit]);
    return verdict.allowed
      ? null
      : tooMany(c, verdict.retryAfterSeconds, message(tryAgainIn(verdict.retryAfterSeconds)));
  };
  const middleware: MiddlewareHandler = async (c, next) => (await check(c)) ?? next();
  return { check, middleware };
}

/**
 * Browsers' reports (failed remote loads, real-user measurements) per address: they only bump counters and figures,
 * but without a limit one script could make them say anything (and a canary abort itself).
 */
export const reportsLimit = (limiter: RateLimiter, trustedProxies: ReadonlySet<string>, kind: string, limit: Limit) =>
  addressLimit(
    limiter,
    trustedProxies,
    kind,
    limit,
    (wait) => `Too many reports from your network. Please try again ${wait}.`,
  ).middleware;
