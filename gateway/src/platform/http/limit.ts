import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
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

/** One counter of a limit: its key from the request (its address, its account, its valid input), or null to not count it. */
export type Counter = [key: (c: Context) => string | null, limit: Limit];

/**
 * Every rate limit of the API, as a route's middleware (`beforeInput`, or `afterInput` to count only valid requests
 * and to key by the valid input): counts the request against each counter at once, and past any answers 429 with
 * Retry-After and `message` given when to come back in words (the forms show it as it is). `past` answers instead
 * where a 429 would itself tell something (the privacy page's per-recipient limit answers as if it was sent).
 * `crossed` hears of the counters this request took past their limit (once per counter and window), to log a lock.
 */
export function rateLimit(
  limiter: RateLimiter,
  counters: Counter[],
  message: (wait: string) => string,
  past?: (c: Context) => Response,
  crossed?: (c: Context, keys: string[], retryAfterSeconds: number) => void,
): MiddlewareHandler {
  return async (c, next) => {
    const counted = counters.flatMap(([key, limit]): [string, Limit][] => {
      const name = key(c);
      return name === null ? [] : [[name, limit]];
    });
    if (counted.length === 0) return next();
    const verdict = await limiter.hit(...counted);
    if (crossed && verdict.crossed.length > 0) crossed(c, verdict.crossed, verdict.retryAfterSeconds);
    if (verdict.allowed) return next();
    return past ? past(c) : tooMany(c, verdict.retryAfterSeconds, message(tryAgainIn(verdict.retryAfterSeconds)));
  };
}

/** The valid JSON body of a request, for a counter's key read after its input was checked (`afterInput`). */
export const validBody =
  <S extends z.ZodType>(_schema: S) =>
  (c: Context): z.output<S> =>
    (c.req as unknown as { valid(target: 'json'): z.output<S> }).valid('json');

/** A per-address limit for one `kind` of request (`rateLimit` with the client address's counter). */
export const addressLimit = (
  limiter: RateLimiter,
  trustedProxies: ReadonlySet<string>,
  kind: string,
  limit: Limit,
  message: (wait: string) => string,
) => rateLimit(limiter, [[(c) => addressCounter(c, kind, trustedProxies), limit]], message);

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
  );
