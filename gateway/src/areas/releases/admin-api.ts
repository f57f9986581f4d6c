import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { endpoints, type RemoteName } from '@agency/contracts';
import { requireMasterAdmin } from '../../platform/http/guards/access';
import type { AuthEnv } from '../../platform/http/guards/session';
import { endpointRoutes } from '../../platform/http/routes';
import type { Db } from '../../platform/db';
import type { ObjectStore } from '../../platform/storage/object-store';
import type { CanaryRule } from './canary-rule';
import { releaseHistory } from './database-state';
import { createDeployToken, listDeployTokens, revokeDeployToken } from '../../platform/http/guards/deploy-tokens';
import { releaseOf, refusedAs409 } from './release-api';
import { openRemoteStore } from './release-storage';
import type { RemoteStore } from './remote-store';
import { releaseReport } from './report';
import type { Logger } from '../../platform/logger';

/**
 * The Releases tab (master admins): live and canary of each remote with their real-user figures, each remote's
 * history, its actions, and the deploy tokens. Promote, abort, share, roll back and making a token are each an
 * endpoint of their own (`adminRelease*`, `adminDeployTokenCreate`), so the second factor's step-up can guard exactly
 * these when it lands.
 */
export function releasesAdminApi(deps: {
  db: Db;
  store: RemoteStore;
  remotes: ObjectStore;
  overrides: Partial<Record<string, string>>;
  rule: CanaryRule;
  logger?: Logger;
}) {
  const { db } = deps;
  // Each action is recorded as the signed-in master admin's.
  const storeOf = (c: Context<AuthEnv>) =>
    openRemoteStore(db, deps.remotes, 'person', { actorName: requireMasterAdmin(c).user.email });
  const served = (remote: RemoteName) => {
    if (deps.overrides[remote])
      throw new HTTPException(409, { message: `${remote} is served from elsewhere, so it is released there.` });
  };

  return endpointRoutes()
    .on(endpoints.releases, async (c) => c.json(await releaseReport(db, deps.store, deps.overrides, deps.rule)))
    .on(endpoints.adminReleaseHistory, async (c) => {
      const { remote } = c.req.valid('param');
      const rows = await releaseHistory(db, { remote, limit: c.req.valid('query').limit }, deps.logger);
      return c.json({ actions: rows.map((r) => ({ ...r, at: r.at.toISOString() })) });
    })
    .on(endpoints.adminReleasePromote, async (c) => {
      const { remote } = c.req.valid('param');
      served(remote);
      const store = storeOf(c);
      await refusedAs409(() => store.promote(remote));
      return c.json(await releaseOf(store, remote));
    })
    .on(endpoints.adminReleaseAbort, async (c) => {
      const { remote } = c.req.valid('param');
      served(remote);
      const store = storeOf(c);
      await refusedAs409(() => store.abort(remote, { reason: c.req.valid('json').reason }));
      return c.json(await releaseOf(store, remote));
    })
    .on(endpoints.adminReleaseShare, async (c) => {
      const { remote } = c.req.valid('param');
      served(remote);
      const store = storeOf(c);
      await refusedAs409(() => store.reshare(remote, c.req.valid('json').percent));
      return c.json(await releaseOf(store, remote));
    })
    .on(endpoints.adminReleaseRollback, async (c) => {
      const { remote } = c.req.valid('param');
      served(remote);
      const store = storeOf(c);
      await refusedAs409(() => store.rollback(remote));
      return c.json(await releaseOf(store, remote));
    })
    .on(endpoints.adminDeployTokens, async (c) => c.json({ tokens: await listDeployTokens(db) }))
    .on(endpoints.adminDeployTokenCreate, async (c) => {
      const { user } = requireMasterAdmin(c);
      return c.json(await createDeployToken(db, { ...c.req.valid('json'), by: user.email }), 201);
    })
    .on(endpoints.adminDeployTokenRevoke, async (c) => {
      const { user } = requireMasterAdmin(c);
      if (!(await revokeDeployToken(db, c.req.valid('param').id, user.email)))
        return c.json({ message: 'No such deploy token, or it was revoked already.' }, 404);
      return c.body(null, 204);
    }).app;
}
