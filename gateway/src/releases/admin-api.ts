import { endpoints } from '@agency/contracts';
import { endpointRoutes } from '../api/routes';
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
  return endpointRoutes().on(endpoints.releases, async (c) =>
    c.json(await releaseReport(deps.db, deps.store, deps.overrides, deps.rule)),
  ).app;
}
