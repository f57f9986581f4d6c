import { Hono, type MiddlewareHandler } from 'hono';
import { API_PREFIX, endpoints } from '@agency/contracts';
import { LIMITS, rateLimiter, type Limit, type RateLimiter } from '../http/rate-limit';
import { sessionMiddleware, type AuthEnv } from '../auth/session';
import { createSessions } from '../auth/sessions';
import { createGroupCommit } from '../db';
import { addressCounter, addressLimit } from '../http/limit';
import { deviceCookies } from '../auth/device-cookie';
import { passkeyCeremonies } from '../auth/passkeys';
import { signInFlow } from '../auth/sign-in-flow';
import { signInThrottle } from '../auth/sign-in-throttle';
import { totpFactorsOf } from '../auth/totp';
import { accountSecurityApi } from './account-security';
import { secondFactorApi } from './second-factor';
import { jsonOnly } from '../http/json-only';
import { sameOrigin } from '../http/same-origin';
import { adminContentApi } from './admin-content';
import { blogPostsApi, type BlogDeps } from './blog-posts';
import { blogPreviewsApi } from './blog-previews';
import { contentDraftsApi } from './content-drafts';
import { sharedSecret } from '../db/shared-secret';
import { previewLinks } from '../content/preview-links';
import { byPath, byQuery, publicContentCache } from '../content/public-cache';
import { auditApi } from './audit';
import { contentImagesApi } from './content-images';
import { realTalkAudioApi } from './real-talk-audio';
import { adminLeadsApi } from './admin-leads';
import { adminUsersApi } from './admin-users';
import { authApi } from './auth';
import { leadCapture } from './capture-lead';
import { leadNotices } from '../leads/notices';
import { privacyApi } from './privacy';
import { privacyAdminApi } from './privacy-admin';
import { privacyCopiesApi } from './privacy-copies';
import type { ApiDeps } from './deps';
import { outboxAdminApi } from './outbox-admin';
import { discountCodesApi } from './discount-codes';
import { filesApi, fileUploadApi } from './files';
import { leadsApi } from './leads';
import { openApiDocument } from './openapi';
import { portalApi } from './portal';
import { quotesApi } from './quotes';
import { endpointRoutes } from './routes';

/** An entry's path as the API sub-app sees it (mounted under /api). */
const routePath = (endpoint: { path: string }) => endpoint.path.slice(API_PREFIX.length);

/** Content areas' parts: the renderer and row check, and the content version public answers are kept under. */
export interface ContentDeps extends BlogDeps {
  version: () => Promise<string>;
}

/** Areas the app builds from parts it shares with the frontends (the release state, the metrics). */
export interface ApiExtras {
  /** Browsers' reports of failed remote loads (ops/metrics.ts). */
  telemetry?: Hono<AuthEnv>;
  /** Real-user measurements (releases/rum.ts); it counts page loads per address with the shared limiter. */
  rum?: (limiter: RateLimiter) => Hono<AuthEnv>;
  /** The Releases tab's figures (releases/admin-api.ts). */
  releases?: Hono<AuthEnv>;
  /**
   * The release API pipelines call with a deploy token (releases/release-api.ts): `authenticate` checks the token,
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
