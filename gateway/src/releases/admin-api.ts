import { Hono } from 'hono';
import type { AuthEnv } from '../auth/session';
import { masterAdminOnly } from '../auth/access';
import type { Db } from '../db';
import type { RemoteStore } from './remote-store';
import type { CanaryRule } from './canary-rule';
import { releaseReport } from './report';

/** `GET /admin/releases`: live and canary of each remote with their real-user figures (master admins). */
export function releasesAdminApi(deps: {
  db: Db;
  store: RemoteStore;
  overrides: Partial<Record<string, string>>;
  rule: CanaryRule;
}) {
  return new Hono<AuthEnv>().get('/admin/releases', masterAdminOnly, async (c) =>
    c.json(await releaseReport(deps.db, deps.store, deps.overrides, deps.rule)),
  );
}
