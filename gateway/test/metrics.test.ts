import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeLabel } from '../src/ops/metrics';
import { setupApp } from './helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp({});
});
afterAll(() => t.cleanup());

const scrape = async (app = t.app, headers: Record<string, string> = {}) => (await app.request('/metrics', { headers })).text();
const post = (path: string, body: unknown) => t.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('/metrics', () => {
  it('counts requests by route and status with latency histograms, and lead totals', async () => {
    await t.app.request('/healthz');
    await t.app.request('/healthz');
    await post('/api/contact-inquiry', { businessName: 'Metric Co', contactName: 'Ana', contactEmail: 'ana@example.nz', servicesInterested: ['seo'] });
    await t.app.request('/api/admin/leads/enquiry/123');
    const text = await scrape();
    expect(text).toContain('http_requests_total{method="GET",route="/healthz",status="200"} 2');
    expect(text).toContain('http_requests_total{method="POST",route="/api/contact-inquiry",status="201"} 1');
    expect(text).toContain('route="/api/admin/leads/:type/:id",status="401"');
    expect(text).toMatch(/http_request_duration_ms_bucket\{method="GET",route="\/healthz",status="200",le="\+Inf"\} 2/);
    expect(text).toContain('leads_stored{kind="enquiry"} 1');
    expect(text).toContain('# TYPE http_request_duration_ms histogram');
  });

  it('counts remote load failures reported by browsers, and refuses bad reports', async () => {
    expect((await post('/api/telemetry/remote-load-failure', { remote: 'quoting', module: 'enquiry-form' })).status).toBe(204);
    expect((await post('/api/telemetry/remote-load-failure', { remote: 'nope' })).status).toBe(400);
    const text = await scrape();
    expect(text).toContain('remote_load_failures_total{remote="quoting"} 1');
    expect(text).toContain('remote_load_failures_total{remote="marketing"} 0');
  });

  it('keeps label cardinality bounded', () => {
    expect(routeLabel('/api/reports/42', 200)).toBe('/api/reports/:id');
    expect(routeLabel('/api/whatever/probe', 404)).toBe('/api/unmatched');
    expect(routeLabel('/wp-admin.php', 404)).toBe('page_not_found');
    expect(routeLabel('/services/seo-optimization', 200)).toBe('page');
    expect(routeLabel('/mfe/marketing/1.2.3/remoteEntry.js', 200)).toBe('/mfe/*');
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const locked = await setupApp({ METRICS_TOKEN: 'a-long-metrics-token' });
    try {
      expect((await locked.app.request('/metrics')).status).toBe(401);
      expect(await scrape(locked.app, { authorization: 'Bearer a-long-metrics-token' })).toContain('http_requests_total');
    } finally {
      await locked.cleanup();
    }
  });
});
