import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { endpoints } from '@agency/contracts';
import { accountsArea } from './areas/accounts';
import { auditArea } from './areas/audit';
import { contentArea, type ContentDeps } from './areas/content';
import { googleArea, googleFiguresApi } from './areas/google';
import { captureDeps, leadsArea } from './areas/leads';
import { opsArea } from './areas/ops';
import { portalArea, type ReportPdfs } from './areas/portal';
import { privacyArea } from './areas/privacy';
import { quotesArea } from './areas/quotes';
import { trackingArea } from './areas/tracking';
import { createGroupCommit } from './platform/db';
import type { ApiDeps } from './platform/http/deps';
import { sessionMiddleware, type AuthEnv } from './platform/http/guards/session';
import { jsonOnly } from './platform/http/json-only';
import { openApiDocument } from './platform/http/openapi';
import { portalOnlyRoutes } from './platform/http/portal-only';
import { rateLimiter, type RateLimiter } from './platform/http/rate-limit';
import { endpointRoutes } from './platform/http/routes';
import { sameOrigin } from './platform/http/same-origin';
import { sites } from './platform/http/sites';
import { createSessions } from './platform/sessions/sessions';

/** Areas the app builds from parts it shares with the frontends (the release state, the metrics). */
export interface ApiExtras {
  /** Browsers' reports of failed remote loads (areas/ops/metrics.ts), limited per address with the shared limiter. */
  telemetry?: (limiter: RateLimiter) => Hono<AuthEnv>;
  /** Real-user measurements (areas/releases/rum.ts), limited per address with the shared limiter. */
  rum?: (limiter: RateLimiter) => Hono<AuthEnv>;
  /** The Releases tab's figures (areas/releases/admin-api.ts). */
  releases?: Hono<AuthEnv>;
  /**
   * The release API pipelines call with a deploy token (areas/releases/release-api.ts): `authenticate` checks the
   * token, `elsewhere` refuses a bearer token on every other route.
   */
  releasePipeline?: (limiter: RateLimiter) => {
    app: Hono<AuthEnv>;
    authenticate: MiddlewareHandler<AuthEnv>;
    elsewhere: MiddlewareHandler<AuthEnv>;
    /** Ends its pre-flight render processes. */
    close: () => Promise<void>;
  };
  /** The PDF thread the app shares with the report's shared page (areas/portal/report-pdfs.ts). */
  reportPdfs?: ReportPdfs;
}

/**
 * The API (decision 0092): first the rules of every request, which are the platform's (a pipeline's bearer token,
 * same origin, the session, JSON bodies); then the areas, in any order, each with its own rules on its own routes
 * (an upload's raw body, a public read's cache, a report's limit); last the API's own description and its 404.
 */
export function api(
  deps: ApiDeps,
  content: ContentDeps,
  { telemetry, rum, releases, releasePipeline, reportPdfs }: ApiExtras = {},
) {
  // Sessions, device cookies and passkeys belong to the portal's origin (decision 0077).
  const portalOrigin = deps.env.publicConfig.portalOrigin;
  const site = sites(deps.env);
  const auth = createSessions(deps.db, portalOrigin);
  const group = createGroupCommit(deps.db);
  const limiter = rateLimiter(deps.db, group);
  const capture = captureDeps(deps, group, limiter);
  const app = new Hono<AuthEnv>();
  // Pipelines' bearer tokens, ahead of cookies and the CSRF rule, which they neither need nor may use (decision 0059).
  let close = async () => undefined as void;
  if (releasePipeline) {
    const pipeline = releasePipeline(limiter);
    close = pipeline.close;
    app.use('/releases/*', pipeline.authenticate);
    app.route('/', pipeline.app);
    app.use(pipeline.elsewhere);
  }
  // Whatever takes a session or answers with personal data: the portal's alone (decision 0077). The public origin,
  // whose pages run team code, reads no session cookie at all.
  portalOnlyRoutes(app, site);
  const onPortal = (c: Context) => site.of(c) === 'portal';
  // Routes of an entry with a raw body (uploads) are marked by the route builder, and this rule steps aside for them.
  app.use(
    sameOrigin((c) => site.origin(site.of(c))),
    sessionMiddleware(auth, onPortal),
    jsonOnly(),
  );

  app.route('/', accountsArea(deps, { auth, limiter }));
  app.route('/', leadsArea(capture));
  app.route('/', quotesArea(capture));
  app.route('/', privacyArea(capture));
  app.route('/', portalArea(deps, limiter, reportPdfs));
  app.route('/', googleArea(deps));
  app.route('/', trackingArea(deps, limiter));
  app.route('/', contentArea(deps, content));
  app.route('/', auditArea(deps));
  app.route('/', googleFiguresApi(deps, limiter).app);
  app.route('/', opsArea(deps, telemetry?.(limiter)));
  if (releases) app.route('/', releases);
  if (rum) app.route('/', rum(limiter));

  // Made on the first request: it holds no data and changes only with a deploy.
  let document: ReturnType<typeof openApiDocument> | undefined;
  const openApi = () =>
    (document ??= openApiDocument({
      origin: deps.env.publicConfig.publicOrigin,
      portalOrigin,
      sessionCookie: auth.cookieName,
    }));
  app.route('/', endpointRoutes().on(endpoints.openApi, (c) => c.json(openApi())).app);
  app.all('*', (c) => c.json({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404));
  return Object.assign(app, { close: () => close() });
}
