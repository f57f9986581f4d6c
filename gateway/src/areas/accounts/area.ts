import { Hono } from 'hono';
import type { ApiDeps } from '../../platform/http/deps';
import type { AuthEnv } from '../../platform/http/guards/session';
import { addressCounter } from '../../platform/http/limit';
import type { RateLimiter } from '../../platform/http/rate-limit';
import type { Auth } from '../../platform/sessions/sessions';
import { accountSecurityApi } from './account-security';
import { adminUsersApi } from './admin-users';
import { authApi } from './auth';
import { deviceCookies } from './device-cookie';
import { passkeyCeremonies } from './passkeys';
import { secondFactorApi } from './second-factor';
import { signInFlow } from './sign-in-flow';
import { signInThrottle } from './sign-in-throttle';
import { totpFactorsOf } from './totp';

/**
 * The accounts area's part of the API: sign-in with its throttle and second factors, passkeys, a person's own
 * sessions and security, and staff users. Every rule of these routes is on the routes themselves (decision 0092).
 */
export function accountsArea(deps: ApiDeps, { auth, limiter }: { auth: Auth; limiter: RateLimiter }) {
  const totp = totpFactorsOf(deps.db);
  // Device cookies and passkeys belong to the portal's origin, as its sessions do (decision 0077).
  const portalOrigin = deps.env.publicConfig.portalOrigin;
  const devices = deviceCookies(deps.db, portalOrigin);
  const signIns = signInThrottle(
    limiter,
    devices,
    (c) => addressCounter(c, 'login', deps.env.trustedProxies),
    deps.logger,
  );
  const flow = signInFlow({ ...deps, auth, totp, devices });
  const ceremonies = passkeyCeremonies(deps.db, portalOrigin, deps.logger);
  return new Hono<AuthEnv>()
    .route('/', authApi({ ...deps, auth, limiter, signIns, flow }))
    .route('/', secondFactorApi({ ...deps, auth, limiter, signIns, flow, totp, passkeys: ceremonies }))
    .route('/', accountSecurityApi({ ...deps, totp, ceremonies }))
    .route('/', adminUsersApi(deps));
}
