import { Hono } from 'hono';
import { endpoints, pathOf, slugOfPath } from '@agency/contracts';
import { HTTPException } from 'hono/http-exception';
import type { StatusCode } from 'hono/utils/http-status';
import { requestId } from 'hono/request-id';
import { api } from './api';
import {
  markdownThreads,
  publishedListing,
  publicRows,
  postRenders,
  contentVersionReader,
  contentImageNames,
} from './areas/content';
import { contentPages, frontends, remoteFiles, START_AFTER_PAINT_SOURCE } from './areas/pages';
import type { Db } from './platform/db';
import type { Messaging } from './platform/messaging';
import type { Env } from './platform/env';
import {
  livePointer,
  assetUrls,
  releaseStorage,
  createRemoteStore,
  releasesAdminApi,
  releasePipelineApi,
  canaryWatch,
  pageTokens,
  rumApi,
  serverRenderSamples,
} from './areas/releases';
import { isRealTalkAudio, unsubscribes, unsubscribePage } from './areas/leads';
import { reportPdfs, sharedReportPages } from './areas/portal';
import { conversionDelivery } from './areas/tracking';
import { hotObjects } from './platform/files/hot-objects';
import type { ObjectStores } from './platform/storage/object-store';
import { openObjectStores } from './platform/storage/stores';
import { sharedSecret } from './platform/db/shared-secret';
import {
  health,
  readiness,
  createMetrics,
  metricsEndpoint,
  telemetryApi,
  requestTrace,
  requestTraceId,
} from './areas/ops';
import { answersJson, DependencyError, dependencyFailure, outageLog, outageResponse } from './platform/dependencies';
import { answeredStatus, CLIENT_CLOSED_REQUEST, clientClosed } from './platform/http/client-abort';
import { securityHeaders } from './platform/http/security-headers';
import type { Logger } from './platform/logger';
import { clientIp } from './platform/http/client-ip';
import { tracingEnabled } from './platform/tracing';
import { sandboxHost } from './platform/render/sandbox-process';

/** Liveness and readiness probes: logged at debug (an orchestrator asks every few seconds). */
const HEALTH_PROBES = new Set(['/healthz', '/readyz']);
/** A user agent is kept to this many characters in a log line: anyone can send a long one. */
const USER_AGENT_CHARS = 256;

export interface AppDeps {
  env: Env;
  db: Db;
  /** The outbox and the mailer and lead notices that write to it (outbox/index.ts). */
  messaging: Messaging;
  logger: Logger;
  /** Opened from env.objectStore when not given. */
  stores?: ObjectStores;
  /** True once the process was asked to stop (main.ts): /readyz then answers 503 while in-flight requests finish. */
  draining?: () => boolean;
}

export function createApp({
  env,
  db,
  messaging,
  logger,
  stores = openObjectStores(env.objectStore),
  draining = () => false,
}: AppDeps) {
  const app = new Hono();
  const { mailer, webhook, outbox } = messaging;

  const metrics = createMetrics();
  // Server-side conversions' sender (decision 0095): main.ts runs it on the job runner; its outcomes count here.
  const conversionDeliveries = conversionDelivery({
    db,
    platforms: env.adPlatforms,
    logger,
    observe: metrics.recordConversionDelivery,
  });
  const outages = outageLog(logger);
  outbox.observe(metrics.recordDelivery);
  // Database and bucket calls (platform/db/instrumented.ts, platform/storage/instrumented.ts) counted on /metrics.
  metrics.watchCalls(db.$client);
  metrics.watchCalls(stores);
  app.use(requestId());
  // The request's span (decision 0088), continuing the browser's trace, around everything after it; with tracing
  // off, no layer of its own: a middleware costs every request, cached pages included.
  app.use((c, next) =>
    tracingEnabled()
      ? requestTrace(c, async () => {
          await metrics.middleware(c, next);
        })
      : metrics.middleware(c, next),
  );
  app.use(securityHeaders(env, { inlineScripts: [START_AFTER_PAINT_SOURCE] }));
  // Request lines are written at info (probes at debug): below that level, nothing to time or gather.
  if (logger.enabled?.('info') ?? true)
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      const status = answeredStatus(c);
      const aborted = status === CLIENT_CLOSED_REQUEST;
      // Probes come every few seconds from the orchestrator: worth a line only when debugging (readiness logs a
      // failing check itself, once, when it starts failing).
      const level = HEALTH_PROBES.has(c.req.path) && !aborted ? 'debug' : 'info';
      if (logger.enabled?.(level) === false) return;
      logger[level](aborted ? 'client aborted' : 'request', {
        reqId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        // The client as the rate limits see it: X-Forwarded-For is believed only from TRUSTED_PROXIES.
        client: clientIp(c, env.trustedProxies),
        userAgent: c.req.header('user-agent')?.slice(0, USER_AGENT_CHARS),
        traceId: requestTraceId(c),
        // What the handler failed with once its client was gone (the body read, mostly), kept for a reader of the
        // log.
        ...(aborted && c.error ? { error: String(c.error) } : {}),
      });
    });

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      // An exception that carries its own answer (a 503 with Retry-After, say) is sent as it is.
      return error.res ? error.getResponse() : c.json({ message: error.message || 'Request failed' }, error.status);
    }
    // A client that dropped its request mid-body fails the body read: its own doing, logged above as such, not an
    // error of ours. Nobody receives this answer.
    if (clientClosed(c)) return c.body(null, CLIENT_CLOSED_REQUEST as StatusCode);
    // The database or the bucket did not answer (platform/dependencies.ts): 503 with Retry-After and a sentence.
    const failure = dependencyFailure(error);
    if (failure) {
      outages.note(failure, c.req.path);
      return outageResponse(failure, answersJson(c.req.path) ? 'json' : 'text');
    }
    logger.error('unhandled error', {
      reqId: c.get('requestId'),
      path: c.req.path,
      error: String(error?.stack ?? error),
    });
    return c.json({ message: 'Internal server error' }, 500);
  });

  app.route('/', metricsEndpoint(metrics, db, env.metricsToken));
  const releases = releaseStorage(db, stores.remotes, 'gateway', {}, logger);
  const store = createRemoteStore(releases);
  const assets = assetUrls(env.assetBaseUrl);
  const live = livePointer(store, env.remoteUrls, assets);
  metrics.watchBuild(live);
  // Remote build files and content images kept in memory while hot (decision 0057).
  const hot = hotObjects(env.objectCacheBytes);
  const stored = {
    hot,
    remotes: remoteFiles({
      store: stores.remotes,
      versions: releases.files,
      hot,
      live,
      cacheDir: env.serverBuildCacheDir,
      mayBeUnadopted: stores.kind === 'file',
      crossOrigin: env.assetBaseUrl !== undefined,
      logger,
    }),
    contentImages: { store: stores.contentImages, exists: contentImageNames(db) },
    realTalkAudio: { exists: (file: string) => isRealTalkAudio(db, file) },
  };
  app.route(
    '/',
    health(
      readiness({
        db,
        live,
        remotes: stores.remotes,
        manifestOf: stored.remotes.manifestOf,
        overrides: env.remoteUrls,
        draining,
        logger,
      }),
      () => sandboxHost(env.teamCodeSandbox),
    ),
  );
  const watch = canaryWatch({ db, store, live, rule: env.canaryRule, logger });
  // Every gateway sharing the database signs and checks page tokens with the same key.
  const pageTokenKey = sharedSecret(db, 'page-tokens');
  const tokens = pageTokens(async () => (env.rumTokenKey ? Buffer.from(env.rumTokenKey) : pageTokenKey()));
  const markdown = markdownThreads(env.publicConfig.publicOrigin, env.nodeEnv);
  const rows = publicRows(logger);
  // One read of the content version per event-loop turn, shared by the pages and the public content API.
  const version = contentVersionReader(db);
  const content = { markdown, rows, version, renders: postRenders({ db, markdown, logger }) };
  // Report PDFs: one thread, shared by the API and the share links' pages (decision 0113).
  const pdfs = reportPdfs(env.nodeEnv);
  const apiApp = api({ env, db, mailer, logger, stores, webhook, outbox }, content, {
    telemetry: telemetryApi(metrics, env.trustedProxies),
    rum: rumApi({
      db,
      live,
      metrics,
      watch,
      tokens,
      trustedProxies: env.trustedProxies,
      pageLoadsPerAddress: env.canaryRule.pageLoadsPerAddress,
    }),
    releases: releasesAdminApi({
      db,
      store,
      remotes: stores.remotes,
      overrides: env.remoteUrls,
      rule: env.canaryRule,
      logger,
    }),
    reportPdfs: pdfs,
    releasePipeline: (limiter) =>
      releasePipelineApi({ db, env, logger, remotes: stores.remotes, files: stored.remotes, assets }, limiter),
  });
  app.route('/api', apiApp);
  // The unsubscribe link of marketing e-mail: the gateway's own page, outside the remotes (decision 0082).
  app.route('/', unsubscribePage(unsubscribes(db, env.publicConfig.publicOrigin), env.publicConfig.supportEmail));
  // A report's share link: the gateway's own page, on the portal's origin (decision 0113).
  app.route('/', sharedReportPages(db, env, pdfs));
  // Pages read their content through the same public API calls the browser makes, answered in-process.
  const fetchPageData = async (url: string) => {
    const res = await apiApp.request(url.replace(/^\/api/, ''), { headers: { accept: 'application/json' } });
    if (res.status === 404) return null;
    // The API's own outage answer: the page fails for the same reason, and says so.
    if (res.status === 503) throw new DependencyError('database', `${url} answered 503`);
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return res.json();
  };
  const pages = frontends({
    env,
    live,
    logger,
    metrics,
    tokens,
    observe: serverRenderSamples(db, watch, logger),
    stored,
    assets,
    content: {
      pages: contentPages(fetchPageData),
      version,
      listing: () => publishedListing(db, rows, content.renders),
      preview: async (path, token) => {
        // The API checks the token, which alone opens the draft (decisions 0063, 0077).
        const slug = slugOfPath(path);
        const url = pathOf(endpoints.blogPostPreview, undefined, { slug, token }).replace(/^\/api/, '');
        const res = await apiApp.request(url, { headers: { accept: 'application/json' } });
        if (res.status >= 400 && res.status < 500) return null;
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        return { [`blog-post/${slug}`]: await res.json() };
      },
    },
  });
  app.route('/', pages);
  /** Ends the render processes of the pages and of pre-flight checks (a stopping gateway, a test's end). */
  const close = async () => {
    await Promise.all([pages.close(), apiApp.close(), pdfs.close()]);
  };
  /** Has a render process ready with the shell's server build (as at creation), for the first page to find. */
  const warmRenders = () => pages.warm();
  return Object.assign(app, { close, warmRenders, reportPdfs: pdfs, conversionDeliveries });
}
