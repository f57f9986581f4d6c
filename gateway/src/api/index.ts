import { Hono } from 'hono';
import { LIMITS, rateLimiter } from '../http/rate-limit';
import { sessionMiddleware, type AuthEnv } from '../auth/session';
import { createSessions } from '../auth/sessions';
import { createGroupCommit } from '../db';
import { addressLimit } from '../http/limit';
import { jsonOnly } from '../http/json-only';
import { sameOrigin } from '../http/same-origin';
import { adminContentApi } from './admin-content';
import { blogPostsApi } from './blog-posts';
import { contentAuditApi, contentImagesApi } from './content-images';
import { adminLeadsApi } from './admin-leads';
import { adminUsersApi } from './admin-users';
import { authApi } from './auth';
import { leadCapture } from './capture-lead';
import type { ApiDeps } from './deps';
import type { Markdown } from '../content/markdown';
import { discountCodesApi } from './discount-codes';
import { filesApi, fileUploadApi } from './files';
import { leadsApi } from './leads';
import { portalApi } from './portal';
import { quotesApi } from './quotes';

export function api(deps: ApiDeps, markdown: Markdown, telemetry?: Hono) {
  const auth = createSessions(deps.db, deps.env.publicConfig.publicOrigin);
  const group = createGroupCommit(deps.db);
  const limiter = rateLimiter(deps.db, group);
  const capture = { ...deps, captureLead: leadCapture(group, deps.mailer), limiter };
  const app = new Hono<AuthEnv>();
  app.use(sameOrigin(deps.env.publicConfig.publicOrigin), sessionMiddleware(auth));
  // File uploads stream a raw body of their own type and size limit, so they come before the JSON-only rule.
  app.route('/', fileUploadApi(deps));
  app.route('/', contentImagesApi(deps));
  app.use(...jsonOnly());
  app.route('/', authApi({ ...deps, auth, limiter }));
  app.route('/', leadsApi(capture));
  app.route('/', quotesApi(capture));
  app.route('/', discountCodesApi(capture));
  app.route('/', portalApi(deps));
  app.route('/', filesApi(deps));
  app.route('/', adminLeadsApi(deps));
  app.route('/', adminUsersApi(deps));
  app.route('/', adminContentApi(deps));
  app.route('/', blogPostsApi(deps, markdown));
  app.route('/', contentAuditApi(deps));
  if (telemetry) {
    // Browsers' reports of failed remote loads only bump a counter, but without a limit one script could make the
    // failure figures say anything.
    const reports = addressLimit(
      limiter,
      deps.env.trustedProxies,
      'telemetry',
      LIMITS.remoteFailureReportsPerIp,
      (wait) => `Too many reports from your network. Please try again ${wait}.`,
    );
    app.use('/telemetry/*', reports.middleware);
    app.route('/', telemetry);
  }
  app.all('*', (c) => c.json({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404));
  return app;
}
