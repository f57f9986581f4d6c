import type { Hono, MiddlewareHandler } from 'hono';
import { API_PREFIX, endpoints, portalOnly, type Endpoint } from '@agency/contracts';
import type { AuthEnv } from './guards/session';
import type { Sites } from './sites';

/**
 * Registers, ahead of every route of the API, the refusal of each portal-only entry of the endpoint table (contracts
 * `portalOnly`) on the public origin: a team's code runs in the public site's pages and may call any API path there,
 * so those paths answer no session and no personal data, only 421 naming the origin that does answer them.
 */
export function portalOnlyRoutes(app: Hono<AuthEnv>, site: Sites) {
  const portal = site.origin('portal');
  const refuse: MiddlewareHandler<AuthEnv> = async (c, next) => {
    if (site.of(c) === 'portal') return next();
    return c.json(
      { message: `This is answered at ${portal} only: the public site keeps no session. Sign in at ${portal}/auth.` },
      421,
    );
  };
  for (const entry of Object.values(endpoints) as Endpoint[]) {
    if (portalOnly(entry)) app.on(entry.method, entry.path.slice(API_PREFIX.length), refuse);
  }
}
