import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count, inArray } from 'drizzle-orm';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { METHOD_NAME_ALL } from 'hono/router';
import { matchedRoutes } from 'hono/route';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AD_PLATFORMS, endpoints, OUTBOX_CHANNELS, REMOTE_NAMES, type RumKind } from '@agency/contracts';
import { endpointRoutes } from '../../platform/http/routes';
import { reportsLimit } from '../../platform/http/limit';
import { LIMITS, type RateLimiter } from '../../platform/http/rate-limit';
import {
  consultationRequests,
  contactInquiries,
  conversionEvents,
  optInLeads,
  outbox,
  quotes,
  type Db,
} from '../../platform/db';
import { answeredStatus } from '../../platform/http/client-abort';
import { peerAddress } from '../../platform/http/client-ip';
import { onTimeShare } from '../leads';
import type { RumRefusal, LivePointer } from '../releases';
import { gatewayRoot } from '../../platform/db/paths';
import type { Delivery } from '../../platform/outbox/outbox';
import { onCalls } from '../../platform/calls';

/** Request latency buckets (seconds): few, so each route costs few series (the budget below). */
const REQUEST_BUCKETS = [0.01, 0.05, 0.25, 1, 5] as const;
/** Database and bucket call latency buckets (seconds). */
const CALL_BUCKETS = [0.001, 0.005, 0.025, 0.1, 0.5, 2.5] as const;

/**
 * The most series `/metrics` may hold after one pass over every endpoint of the table and every page (held by
 * gateway/src/areas/ops/metrics-series.test.ts; documented in the README): routes times statuses for the request counter,
 * routes times 8 for the latency histogram, the process and runtime metrics, and the fixed families.
 */
export const SERIES_BUDGET = 2_100;

/** Methods the site answers; any other token a client sends is one label, not one each. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const methodLabel = (method: string) => (KNOWN_METHODS.has(method) ? method : 'other');

const ROUTE_LABEL_KEY = 'metricsRouteLabel';

/** The gateway's own version (its package's), for `build_info`. */
export const GATEWAY_VERSION = (
  JSON.parse(readFileSync(path.join(gatewayRoot, 'package.json'), 'utf8')) as { version: string }
).version;

let runtime: Registry | undefined;
/**
 * The process and runtime (CPU, memory, heap spaces, handles, GC and event-loop lag, `nodejs_eventloop_lag_*`): one
 * set per process, however many apps it makes (tests make hundreds), each watcher started once.
 */
function runtimeRegistry(): Registry {
  if (!runtime) {
    runtime = new Registry();
    collectDefaultMetrics({ register: runtime });
  }
  return runtime;
}

/**
 * For a handler that answers many paths under one pattern (the page catch-all): the label its answer counts under,
 * from a bounded set (the route table's patterns, `page_not_found`).
 */
export function nameRoute(c: Context, label: string) {
  c.set(ROUTE_LABEL_KEY, label);
}

/**
 * The route label of an answer: the pattern of the route that answered, as registered (`/api/admin/blog-posts/:id`,
 * `/mfe/:name/:version/*`; sub-apps are mounted with `app.route`, so Hono holds the full pattern), never the path a
 * client sent. A middleware that answered early (415, 403, 429) counts for the endpoint it stood before; an API path
 * no endpoint matches is `/api/unmatched`, any other `page_not_found`. So the series are bounded by the code's own
 * routes, whatever paths strangers try.
 */
export function routeLabel(c: Context): string {
  const named: unknown = c.get(ROUTE_LABEL_KEY);
  if (typeof named === 'string') return named;
  // Middleware is registered for every method; the site's catch-all (pages) names its own label.
  const endpoint = matchedRoutes(c)
    .slice(c.req.routeIndex)
    .find((route) => route.method !== METHOD_NAME_ALL && route.path !== '/*');
  if (endpoint) return endpoint.path;
  return c.req.path.startsWith('/api/') || c.req.path === '/api' ? '/api/unmatched' : 'page_not_found';
}

/**
 * In-process Prometheus metrics on prom-client, one registry per app (tests build many): requests by
 * route/method/status with latency histograms, lead totals, remote load failures, server renders, the page cache.
 */
export function createMetrics() {
  // Watching the runtime starts with the first app, so the first scrape already has its lag and collections.
  runtimeRegistry();
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method and route (statuses are counted in http_requests_total).',
    labelNames: ['method', 'route'] as const,
    buckets: [...REQUEST_BUCKETS],
    registers: [registry],
  });
  // Database and bucket calls (decision 0088): by a fixed word for the operation, so a handful of series each.
  const callDurations = {
    db: new Histogram({
      name: 'db_call_duration_seconds',
      help: "Time of each database call, by operation (the statement's first word, batch).",
      labelNames: ['op'] as const,
      buckets: [...CALL_BUCKETS],
      registers: [registry],
    }),
    bucket: new Histogram({
      name: 'bucket_call_duration_seconds',
      help: 'Time of each object store call (the bucket, or the folders on one machine), by area and operation.',
      labelNames: ['area', 'op'] as const,
      buckets: [...CALL_BUCKETS],
      registers: [registry],
    }),
  };
  const callErrors = {
    db: new Counter({
      name: 'db_call_errors_total',
      help: 'Database calls that failed, by operation.',
      labelNames: ['op'] as const,
      registers: [registry],
    }),
    bucket: new Counter({
      name: 'bucket_call_errors_total',
      help: 'Object store calls that failed, by area and operation.',
      labelNames: ['area', 'op'] as const,
      registers: [registry],
    }),
  };
  let liveVersions: () => Promise<LivePointer | null> = async () => null;
  const buildInfo = new Gauge({
    name: 'build_info',
    help: 'Always 1: the version of the gateway and the live version of each remote, by component.',
    labelNames: ['component', 'version'] as const,
    registers: [registry],
  });
  const leadsStored = new Gauge({
    name: 'leads_stored',
    help: 'Lead records in the database, by kind.',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const onTimeRatio = new Gauge({
    name: 'lead_follow_up_on_time_ratio',
    help: 'Share of leads followed up by their follow-up time (24 hours, weekends and NZ public holidays not counted), of those decided in the window (decision 0097).',
    labelNames: ['window'] as const,
    registers: [registry],
  });
  const onTimeDecided = new Gauge({
    name: 'lead_follow_up_decided',
    help: 'Leads whose follow-up was decided (followed up, or past due) in the window.',
    labelNames: ['window'] as const,
    registers: [registry],
  });
  const remoteFailures = new Counter({
    name: 'remote_load_failures_total',
    help: 'Micro-frontend loads that failed in browsers, as reported by the shell.',
    labelNames: ['remote'] as const,
    registers: [registry],
  });
  for (const remote of REMOTE_NAMES) remoteFailures.inc({ remote }, 0);
  // Renders happen once per route and deploy, so the series grow by a handful per deploy and restart from zero.
  const serverRenders = new Counter({
    name: 'server_renders_total',
    help: 'Server renders of public pages, by remote, version and outcome (ok, timeout, crash, out_of_memory, error); a failed one is rendered in the browser.',
    labelNames: ['remote', 'version', 'outcome'] as const,
    registers: [registry],
  });
  const renderProcesses = new Counter({
    name: 'server_render_processes_started_total',
    help: "Sandboxed server-render processes started, counted once each has loaded the shell's server build (decision 0073).",
    registers: [registry],
  });
  // Real-user measurements by remote and version (decision 0041). Labels come only from releases the store knows
  // (areas/releases/rum.ts), so the series stay a handful per remote.
  const rumLabels = ['remote', 'version'] as const;
  const rumHistogram = (name: string, help: string, buckets: number[]) =>
    new Histogram({ name, help, labelNames: rumLabels, buckets, registers: [registry] });
  const rumTimings = {
    load: rumHistogram(
      'rum_remote_load_seconds',
      "Browsers' time from a remote's manifest request to its first render.",
      [0.1, 0.25, 0.5, 1, 2, 4, 8, 15],
    ),
    lcp: rumHistogram(
      'rum_lcp_seconds',
      'Largest Contentful Paint of page loads landing on a page the remote owns.',
      [0.5, 1, 1.8, 2.5, 3, 4, 6, 10],
    ),
    inp: rumHistogram(
      'rum_inp_seconds',
      'Interaction to Next Paint on pages the remote owns.',
      [0.05, 0.1, 0.2, 0.3, 0.5, 1, 2],
    ),
    cls: rumHistogram(
      'rum_cls',
      'Cumulative Layout Shift of pages the remote owns.',
      [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
    ),
  };
  const rumCounter = (name: string, help: string) =>
    new Counter({ name, help, labelNames: rumLabels, registers: [registry] });
  const rumCounts = {
    load: rumCounter('rum_page_loads_total', 'Page loads in which the remote rendered, as browsers reported them.'),
    error: rumCounter('rum_errors_total', "Errors the remote's error boundary caught in browsers."),
    'load-failure': rumCounter('rum_load_failures_total', 'Loads of the remote that failed in browsers, by version.'),
  };
  // Why measurements were not counted (decision 0046): a handful of fixed reasons, so a handful of series.
  const rumRefused = new Counter({
    name: 'rum_events_refused_total',
    help: 'Measurements browsers sent that were not counted, by reason: no-token, invalid-token, expired-token, bucket (another bucket than the page was served to), version (not among the versions the page was served with), address-limit (past the page loads per client address and hour), repeat (that page load had sent that kind already).',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  // The outbox (decision 0087): what waits and what is dead, read at each scrape, and each delivery attempt.
  const outboxMessages = new Gauge({
    name: 'outbox_messages',
    help: 'Outbox messages waiting to be sent (pending, including those retrying) or dead (tries spent: staff must act), by channel.',
    labelNames: ['channel', 'status'] as const,
    registers: [registry],
  });
  const outboxDeliveries = new Counter({
    name: 'outbox_deliveries_total',
    help: 'Delivery attempts of outbox messages by this gateway, by channel and outcome (sent, failed: retried later, dead: the last try failed).',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });
  for (const channel of OUTBOX_CHANNELS)
    for (const outcome of ['sent', 'failed', 'dead'] as const) outboxDeliveries.inc({ channel, outcome }, 0);
  // Server-side conversions (decision 0095): platform x outcome only, 8 series.
  const conversionDeliveries = new Counter({
    name: 'conversion_deliveries_total',
    help: 'Server-side conversion sends by this gateway, by ad platform and outcome (sent, retry: failed and tried again later, refused: the platform said no, dead: past the platform window).',
    labelNames: ['platform', 'outcome'] as const,
    registers: [registry],
  });
  for (const platform of AD_PLATFORMS)
    for (const outcome of ['sent', 'retry', 'refused', 'dead'] as const)
      conversionDeliveries.inc({ platform, outcome }, 0);
  let pageCache: () => { entries: number; bytes: number } = () => ({ entries: 0, bytes: 0 });
  new Gauge({
    name: 'page_cache_entries',
    help: 'Pages built and held in memory (routes times live pointers).',
    registers: [registry],
    collect() {
      this.set(pageCache().entries);
    },
  });
  new Gauge({
    name: 'page_cache_bytes',
    help: 'Bytes of the pages held in memory, every encoding.',
    registers: [registry],
    collect() {
      this.set(pageCache().bytes);
    },
  });

  const middleware: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    await next();
    const labels = { method: methodLabel(c.req.method), route: routeLabel(c), status: answeredStatus(c) };
    requests.inc(labels);
    durations.observe({ method: labels.method, route: labels.route }, (performance.now() - started) / 1000);
  };

  const leadTables = {
    enquiry: contactInquiries,
    consultation: consultationRequests,
    opt_in: optInLeads,
    quote: quotes,
    conversion_event: conversionEvents,
  };

  return {
    middleware,
    recordRemoteFailure: (remote: string) => remoteFailures.inc({ remote }),
    /** One real-user measurement; milliseconds become seconds, as Prometheus names them. */
    recordRum({ remote, version, kind, value }: { remote: string; version: string; kind: RumKind; value?: number }) {
      const labels = { remote, version };
      if (kind === 'load' || kind === 'error' || kind === 'load-failure') rumCounts[kind].inc(labels);
      if (value === undefined || kind === 'error' || kind === 'load-failure') return;
      rumTimings[kind].observe(labels, kind === 'cls' ? value : value / 1000);
    },
    /** `count` measurements of one beacon were not counted, for `reason`. */
    refuseRum(reason: RumRefusal, count: number) {
      if (count > 0) rumRefused.inc({ reason }, count);
    },
    recordServerRender: (remote: string, version: string, outcome: string) =>
      serverRenders.inc({ remote, version, outcome }),
    recordRenderProcessStart: () => renderProcesses.inc(),
    watchPageCache: (stats: typeof pageCache) => (pageCache = stats),
    recordDelivery: (d: Delivery) => outboxDeliveries.inc({ channel: d.channel, outcome: d.outcome }),
    /** One server-side conversion send's outcome (areas/tracking/delivery-job.ts). */
    recordConversionDelivery: (platform: string, outcome: string) => conversionDeliveries.inc({ platform, outcome }),
    /** Counts the calls made through `owner`: the database client (`db.$client`) or the object stores. */
    watchCalls(owner: object) {
      onCalls(owner, (call, seconds, error) => {
        if (call.system === 'db') {
          callDurations.db.observe({ op: call.op }, seconds);
          if (error) callErrors.db.inc({ op: call.op });
        } else {
          const labels = { area: call.target ?? 'unknown', op: call.op };
          callDurations.bucket.observe(labels, seconds);
          if (error) callErrors.bucket.inc(labels);
        }
      });
    },
    /** Reads the live versions for `build_info` at each scrape. */
    watchBuild: (live: () => Promise<LivePointer>) => (liveVersions = live),
    async render(db: Db): Promise<string> {
      for (const [kind, table] of Object.entries(leadTables)) {
        const [row] = await db.select({ n: count() }).from(table);
        leadsStored.set({ kind }, row?.n ?? 0);
      }
      for (const days of [30, 90]) {
        const figure = await onTimeShare(db, days);
        const window = `${days}d`;
        onTimeDecided.set({ window }, figure.due);
        // No decided lead is no figure, not 0%: the series is left out rather than alarm on an empty window.
        if (figure.share === null) onTimeRatio.remove({ window });
        else onTimeRatio.set({ window }, figure.share);
      }
      const waiting = await db
        .select({ channel: outbox.channel, status: outbox.status, n: count() })
        .from(outbox)
        .where(inArray(outbox.status, ['pending', 'dead']))
        .groupBy(outbox.channel, outbox.status);
      for (const channel of OUTBOX_CHANNELS)
        for (const status of ['pending', 'dead'] as const)
          outboxMessages.set(
            { channel, status },
            waiting.find((w) => w.channel === channel && w.status === status)?.n ?? 0,
          );
      buildInfo.reset();
      buildInfo.set({ component: 'gateway', version: GATEWAY_VERSION }, 1);
      const pointer = await liveVersions().catch(() => null);
      for (const remote of REMOTE_NAMES) {
        const version = pointer?.pointer.remotes[remote]?.version;
        if (version) buildInfo.set({ component: remote, version }, 1);
      }
      return `${await runtimeRegistry().metrics()}\n${await registry.metrics()}`;
    },
    contentType: registry.contentType,
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** Browsers report failed remote loads here (no personal data); counted, never stored. */
/** Browsers' reports of failed remote loads, counted per address with the API's shared limiter. */
export function telemetryApi(metrics: Metrics, trustedProxies: ReadonlySet<string>) {
  return (limiter: RateLimiter) =>
    endpointRoutes().on(
      endpoints.remoteLoadFailure,
      { beforeInput: [reportsLimit(limiter, trustedProxies, 'telemetry', LIMITS.remoteFailureReportsPerIp)] },
      (c) => {
        metrics.recordRemoteFailure(c.req.valid('json').remote);
        return c.body(null, 204);
      },
    ).app;
}

/**
 * Headers by which a proxy says who the client is (the standard one, the de facto one, and the nginx, Akamai and
 * Cloudflare ones). Any of them on a loopback request means it was relayed from elsewhere.
 */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'true-client-ip', 'cf-connecting-ip'];

const isLoopback = (address: string | undefined) => address === '::1' || /^(::ffff:)?127\./.test(address ?? '');
const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read `/metrics`. With METRICS_TOKEN set, whoever presents it (compared in constant time). Without it,
 * only this machine: lead counts and traffic are the business's own figures, and the site is public. A request
 * with forwarding headers came through a proxy, so the client is elsewhere even when the peer is a loopback one.
 */
function metricsAccess(c: Context, token: string | undefined): 'ok' | 'unauthorized' | 'forbidden' {
  if (token)
    return timingSafeEqual(sha256(c.req.header('authorization') ?? ''), sha256(`Bearer ${token}`))
      ? 'ok'
      : 'unauthorized';
  const proxied = FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined);
  return !proxied && isLoopback(peerAddress(c)) ? 'ok' : 'forbidden';
}

/** `GET /metrics` in Prometheus text format, for this machine or for holders of METRICS_TOKEN. */
export function metricsEndpoint(metrics: Metrics, db: Db, token: string | undefined) {
  return new Hono().get('/metrics', async (c) => {
    const verdict = metricsAccess(c, token);
    if (verdict === 'unauthorized') return c.text('Unauthorized\n', 401);
    if (verdict === 'forbidden')
      return c.text('Metrics are served to this machine only; set METRICS_TOKEN to scrape them from elsewhere.\n', 403);
    return c.text(await metrics.render(db), 200, { 'Content-Type': metrics.contentType });
  });
}
