import { Hono } from 'hono';
import { jsonOnly } from '../http/json-only';
import { sameOrigin } from '../http/same-origin';
import { authApi } from './auth';
import type { ApiDeps } from './deps';
import { leadsApi } from './leads';
import { quotesApi } from './quotes';

export function api(deps: ApiDeps) {
  const app = new Hono();
  app.use(sameOrigin(deps.env.publicConfig.publicOrigin), ...jsonOnly());
  app.route('/', authApi(deps));
  app.route('/', leadsApi(deps));
  app.route('/', quotesApi(deps));
  app.all('*', (c) => c.json({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404));
  return app;
}
