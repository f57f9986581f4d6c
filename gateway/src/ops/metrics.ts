import { createHash, timingSafeEqual } from 'node:crypto';
import { count } from 'drizzle-orm';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { REMOTE_NAMES } from '@agency/contracts';
import { consultationRequests, contactInquiries, conversionEvents, optInLeads, quotes, type Db } from '../db';
import { peerAddress } from '../http/client-ip';
import { validate } from '../http/validate';

const BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500] as const;

/**
 * A route label with bounded cardinality: API paths with ids collapse to `:id`, frontend files to their area,
 * and anything else (pages, 404s) to one label each, so a scanner cannot blow up the series count.
 */
export function routeLabel(path: string, status: number): string {
  if (path.startsWith('/api/'))
    return status === 404
      ? '/api/unmatched'
      : path.replace(/\/\d+(?=\/|$)/g, '/:id').replace(/\/(enquiry|quote|consultation|optin)\/:id/, '/:type/:id');
  for (const area of ['/mfe/', '/assets/', '/media/']) if (path.startsWith(area)) return `${area}*`;
  if (['/healthz', '/readyz', '/metrics', '/sitemap.xml', '/robots.txt'].includes(path)) return path;
  return status === 404 ? 'page_not_found' : 'page';
}

interface Series {
  count: number;
  sumMs: number;
  buckets: number[];
}

/** In-process Prometheus metrics: requests by route/method/status with latency histograms, remote load failures. */
export function createMetrics() {
  const requests = new Map<string, Series>();
  const remoteFailures = new Map<string, number>();

  const middleware: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    const key = JSON.stringify([c.req.method, routeLabel(c.req.path, c.res.status), String(c.res.status)]);
    const s = requests.get(key) ?? { count: 0, sumMs: 0, buckets: BUCKETS_MS.map(() => 0) };
    s.count += 1;
    s.sumMs += ms;
    BUCKETS_MS.forEach((b, i) => {
      if (ms <= b) s.buckets[i]! += 1;
    });
    requests.set(key, s);
  };

  const recordRemoteFailure = (remote: string) => remoteFailures.set(remote, (remoteFailures.get(remote) ?? 0) + 1);

  // Server renders by remote, version and outcome (`ok` or why it failed). Renders happen once per route and deploy,
  // so the series grow by a handful per deploy and start again at each restart.
  const serverRenders = new Map<string, number>();
  const recordServerRender = (remote: string, version: string, outcome: string) => {
    const key = JSON.stringify([remote, version, outcome]);
    serverRenders.set(key, (serverRenders.get(key) ?? 0) + 1);
  };
  let pageCache: () => { entries: number; bytes: number } = () => ({ entries: 0, bytes: 0 });
  const watchPageCache = (stats: typeof pageCache) => (pageCache = stats);

  async function render(db: Db): Promise<string> {
    const out: string[] = [
      '# HELP http_requests_total Requests answered, by method, route and status.',
      '# TYPE http_requests_total counter',
    ];
    const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
    const labels = (method: string, route: string, status: string) =>
      `method="${esc(method)}",route="${esc(route)}",status="${status}"`;
    for (const [key, s] of requests) {
      const [m, r, st] = JSON.parse(key) as [string, string, string];
      out.push(`http_requests_total{${labels(m, r, st)}} ${s.count}`);
    }
    out.push(
      '# HELP http_request_duration_ms Time to answer, by method and route.',
      '# TYPE http_request_duration_ms histogram',
    );
    for (const [key, s] of requests) {
      const [m, r, st] = JSON.parse(key) as [string, string, string];
      const l = labels(m, r, st);
      BUCKETS_MS.forEach((b, i) => out.push(`http_request_duration_ms_bucket{${l},le="${b}"} ${s.buckets[i]}`));
      out.push(
        `http_request_duration_ms_bucket{${l},le="+Inf"} ${s.count}`,
        `http_request_duration_ms_sum{${l}} ${s.sumMs.toFixed(3)}`,
        `http_request_duration_ms_count{${l}} ${s.count}`,
      );
    }
    out.push('# HELP leads_stored Lead records in the database, by kind.', '# TYPE leads_stored gauge');
    const tables = {
      enquiry: contactInquiries,
      consultation: consultationRequests,
      opt_in: optInLeads,
      quote: quotes,
      conversion_event: conversionEvents,
    };
    for (const [kind, table] of Object.entries(tables)) {
      const [row] = await db.select({ n: count() }).from(table);
      out.push(`leads_stored{kind="${kind}"} ${row?.n ?? 0}`);
    }
    out.push(
      '# HELP remote_load_failures_total Micro-frontend loads that failed in browsers, as reported by the shell.',
      '# TYPE remote_load_failures_total counter',
    );
    for (const name of REMOTE_NAMES)
      out.push(`remote_load_failures_total{remote="${name}"} ${remoteFailures.get(name) ?? 0}`);
    out.push(
      '# HELP server_renders_total Server renders of public pages, by remote, version and outcome (ok, timeout, crash, out_of_memory, error); a failed one is rendered in the browser.',
      '# TYPE server_renders_total counter',
    );
    for (const [key, n] of serverRenders) {
      const [remote, version, outcome] = JSON.parse(key) as [string, string, string];
      out.push(
        `server_renders_total{remote="${esc(remote)}",version="${esc(version)}",outcome="${esc(outcome)}"} ${n}`,
      );
    }
    const cache = pageCache();
    out.push(
      '# HELP page_cache_entries Pages built and held in memory (routes times live pointers).',
      '# TYPE page_cache_entries gauge',
      `page_cache_entries ${cache.entries}`,
      '# HELP page_cache_bytes Bytes of the pages held in memory, every encoding.',
      '# TYPE page_cache_bytes gauge',
      `page_cache_bytes ${cache.bytes}`,
    );
    return `${out.join('\n')}\n`;
  }

  return { middleware, recordRemoteFailure, recordServerRender, watchPageCache, render };
}
export type Metrics = ReturnType<typeof createMetrics>;

const RemoteFailureSchema = z.object({ remote: z.enum(REMOTE_NAMES), module: z.string().max(100).optional() });

/** Browsers report failed remote loads here (no personal data); counted, never stored. */
export function telemetryApi(metrics: Metrics) {
  return new Hono().post('/telemetry/remote-load-failure', validate('json', RemoteFailureSchema), (c) => {
    metrics.recordRemoteFailure(c.req.valid('json').remote);
    return c.body(null, 204);
  });
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
    return c.text(await metrics.render(db), 200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' });
  });
}
