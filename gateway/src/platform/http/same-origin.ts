import type { Context, MiddlewareHandler } from 'hono';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for the JSON API: a browser always says where an unsafe request comes from (`Origin`, and
 * `Sec-Fetch-Site` in current browsers); anything from another origin is refused. Requests with neither header
 * are not from a browser page, so a cookie cannot have been attached on a victim's behalf. `originOf` names the one
 * origin allowed for the request: the public site's or the portal's, by the host asked (decision 0077), so neither
 * takes a write from the other's pages.
 */
export function sameOrigin(originOf: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    if (!UNSAFE.has(c.req.method)) return next();
    const allowed = originOf(c);
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    if (
      (origin !== undefined && origin !== allowed) ||
      site === 'cross-site' ||
      (site === 'same-site' && origin !== allowed)
    ) {
      return c.json({ message: 'Cross-origin request refused' }, 403);
    }
    return next();
  };
}
