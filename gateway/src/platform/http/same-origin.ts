import type { MiddlewareHandler } from 'hono';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for the JSON API: a browser always says where an unsafe request comes from (`Origin`, and
 * `Sec-Fetch-Site` in current browsers); anything from another site is refused. Requests with neither header
 * are not from a browser page, so a cookie cannot have been attached on a victim's behalf.
 */
export function sameOrigin(publicOrigin: string): MiddlewareHandler {
  const allowed = new URL(publicOrigin).origin;
  return async (c, next) => {
    if (!UNSAFE.has(c.req.method)) return next();
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
