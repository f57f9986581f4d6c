import { Hono } from 'hono';
import { createLucia } from '../auth/lucia';
import { createGroupCommit } from '../db';
import { sessionMiddleware, type AuthEnv } from '../auth/session';
import { jsonOnly } from '../http/json-only';
import { sameOrigin } from '../http/same-origin';
import { adminContentApi } from './admin-content';
import { adminLeadsApi } from './admin-leads';
import { adminUsersApi } from './admin-users';
import { authApi } from './auth';
import type { ApiDeps } from './deps';
import { filesApi, fileUploadApi } from './files';
import { leadsApi } from './leads';
import { portalApi } from './portal';
import { quotesApi } from './quotes';

export function api(deps: ApiDeps, telemetry?: Hono) {
  const auth = createLucia(deps.db, deps.env.publicConfig.publicOrigin);
  const capture = { ...deps, commit: createGroupCommit(deps.db) };
  const app = new Hono<AuthEnv>();
  app.use(sameOrigin(deps.env.publicConfig.publicOrigin), sessionMiddleware(auth));
  // File uploads stream a raw body of their own type and size limit, so they come before the JSON-only rule.
  app.route('/', fileUploadApi(deps));
  app.use(...jsonOnly());
  app.route('/', authApi({ ...deps, auth }));
  app.route('/', leadsApi(capture));
  app.route('/', quotesApi(capture));
  app.route('/', portalApi(deps));
  app.route('/', filesApi(deps));
  app.route('/', adminLeadsApi(deps));
  app.route('/', adminUsersApi(deps));
  app.route('/', adminContentApi(deps));
  if (telemetry) app.route('/', telemetry);
  app.all('*', (c) => c.json({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404));
  return app;
}
