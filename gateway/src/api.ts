import { Hono, type MiddlewareHandler } from 'hono';
import { API_PREFIX, endpoints } from '@agency/contracts';
import { LIMITS, rateLimiter, type Limit, type RateLimiter } from './platform/http/rate-limit';
import { sessionMiddleware, type AuthEnv } from './platform/http/guards/session';
import { createSessions } from './platform/sessions/sessions';
import { createGroupCommit } from './platform/db';
import { addressCounter, addressLimit } from './platform/http/limit';
import {
  deviceCookies,
  passkeyCeremonies,
  signInFlow,
  signInThrottle,
  totpFactorsOf,
  accountSecurityApi,
  secondFactorApi,
  adminUsersApi,
  authApi,
} from './areas/accounts';
import { jsonOnly } from './platform/http/json-only';
import { sameOrigin } from './platform/http/same-origin';
import {
  adminContentApi,
  blogPostsApi,
  type BlogDeps,
  blogPreviewsApi,
  contentDraftsApi,
  previewLinks,
  byPath,
  byQuery,
  publicContentCache,
  contentImagesApi,
} from './areas/content';
import { sharedSecret } from './platform/db/shared-secret';
import { auditApi } from './areas/audit';
import { realTalkAudioApi, adminLeadsApi, leadCapture, leadNotices, leadsApi } from './areas/leads';
import { privacyApi, privacyAdminApi, privacyCopiesApi } from './areas/privacy';
import type { ApiDeps } from './platform/http/deps';
import { outboxAdminApi } from './areas/ops';
import { discountCodesApi, quotesApi } from './areas/quotes';
import { filesApi, fileUploadApi, portalApi } from './areas/portal';
import { openApiDocument } from './platform/http/openapi';
import { endpointRoutes } from './platform/http/routes';

/** An entry's path as the API sub-app sees it (mounted under /api). */
const routePath = (endpoint: { path: string }) => endpoint.path.slice(API_PREFIX.length);

/** Content areas' parts: the renderer and row check, and the content version public answers are kept under. */
export interface ContentDeps extends BlogDeps {
  version: () => Promise<string>;
}

/** Areas the app builds from parts it shares with the frontends (the release state, the metrics). */
export interface ApiExtras {
  /** Browsers' reports of failed remote loads (areas/ops/metrics.ts). */
  telemetry?: Hono<AuthEnv>;
  /** Real-user measurements (areas/releases/rum.ts); it counts page loads per address with the shared limiter. */
  rum?: (limiter: RateLimiter) => Hono<AuthEnv>;
  /** The Releases tab's figures (areas/releases/admin-api.ts). */
  releases?: Hono<AuthEnv>;
  /**
   * The release API pipelines call with a deploy token (areas/releases/release-api.ts): `authenticate` checks the token,
   * `elsewhere` refuses a bearer token on every other route.
   */
  releasePipeline?: (limiter: RateLimiter) => {
    app: Hono<AuthEnv>;
    authenticate: MiddlewareHandler<AuthEnv>;
    elsewhere: MiddlewareHandler<AuthEnv>;
    /** Ends its pre-flight render processes. */
    close: () => Promise<void>;
  };
}

export function api(
  deps: ApiDeps,
  content: ContentDeps,
  { telemetry, rum, releases, releasePipeline }: ApiExtras = {},
) {
  const auth = createSessions(deps.db, deps.env.publicConfig.publicOrigin);
  const group = createGroupCommit(deps.db);
  const limiter = rateLimiter(deps.db, group);
  const capture = { ...deps, captureLead: leadCapture(group, deps.mailer, leadNotices(deps)), limiter };
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
  app.use(sameOrigin(deps.env.publicConfig.publicOrigin), sessionMiddleware(auth));
  // File uploads stream a raw body of their own type and size limit, so they come before the JSON-only rule.
  app.route('/', fileUploadApi(deps));
  app.route('/', contentImagesApi(deps));
  app.route('/', realTalkAudioApi(deps));
  app.use(jsonOnly());
  const totp = totpFactorsOf(deps.db);
  const devices = deviceCookies(deps.db, deps.env.publicConfig.publicOrigin);
  const signIns = signInThrottle(
    limiter,
    devices,
    (c) => addressCounter(c, 'login', deps.env.trustedProxies),
    deps.logger,
  );
  const flow = signInFlow({ ...deps, auth, totp, devices });
  const ceremonies = passkeyCeremonies(deps.db, deps.env.publicConfig.publicOrigin);
  app.route('/', authApi({ ...deps, auth, limiter, signIns, flow }));
  app.route('/', secondFactorApi({ ...deps, auth, limiter, signIns, flow, totp, passkeys: ceremonies }));
  app.route('/', accountSecurityApi({ ...deps, totp, ceremonies }));
  app.route('/', leadsApi(capture));
  app.route('/', privacyApi(capture));
  app.route('/', quotesApi(capture));
  app.route('/', discountCodesApi(capture));
  app.route('/', portalApi(deps));
  app.route('/', filesApi(deps));
  app.route('/', adminLeadsApi(deps));
  app.route('/', outboxAdminApi(deps));
  app.route('/', privacyAdminApi(deps));
  app.route('/', privacyCopiesApi(capture));
  // Public content reads, paid once per content version (decision 0049).
  const { blogPosts, blogPost, caseStudies, caseStudy, servicePackages } = endpoints;
  app.use(routePath(blogPosts), publicContentCache(content.version, byQuery(blogPosts.query)));
  const byPathOnly = publicContentCache(content.version, byPath);
  for (const read of [blogPost, caseStudies, caseStudy, servicePackages]) app.use(routePath(read), byPathOnly);
  app.route('/', adminUsersApi(deps));
  app.route('/', adminContentApi(deps, content.rows));
  app.route('/', blogPostsApi(deps, content));
  app.route('/', blogPreviewsApi(deps, content.markdown, previewLinks(sharedSecret(deps.db, 'blog-previews'))));
  app.route('/', contentDraftsApi(deps));
  app.route('/', auditApi(deps));
  if (releases) app.route('/', releases);
  // Browsers' reports and measurements only bump counters and figures, but without a limit one script could make
  // them say anything (and a canary abort itself).
  const reports = (kind: string, limit: Limit) =>
    addressLimit(
      limiter,
      deps.env.trustedProxies,
      kind,
      limit,
      (wait) => `Too many reports from your network. Please try again ${wait}.`,
    ).middleware;
  if (telemetry) {
    app.use(routePath(endpoints.remoteLoadFailure), reports('telemetry', LIMITS.remoteFailureReportsPerIp));
    app.route('/', telemetry);
  }
  if (rum) {
    app.use(routePath(endpoints.rumBeacon), reports('rum', LIMITS.rumBeaconsPerIp));
    app.route('/', rum(limiter));
  }
  // Made on the first request: it holds no data and changes only with a deploy.
  let document: ReturnType<typeof openApiDocument> | undefined;
  const openApi = () =>
    (document ??= openApiDocument({ origin: deps.env.publicConfig.publicOrigin, sessionCookie: auth.cookieName }));
  app.route('/', endpointRoutes().on(endpoints.openApi, (c) => c.json(openApi())).app);
  app.all('*', (c) => c.json({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404));
  return Object.assign(app, { close: () => close() });
}
