import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeLabel } from '../src/ops/metrics';
import { fromPeer, setupApp } from './helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp({});
});
afterAll(() => t.cleanup());

const request = (app: typeof t.app, address: string | undefined, headers: Record<string, string> = {}) =>
  app.request('/metrics', { headers }, address === undefined ? undefined : fromPeer(address));
const scrape = async (app = t.app, headers: Record<string, string> = {}) =>
  (await request(app, '127.0.0.1', headers)).text();
const post = (path: string, body: unknown) =>
  t.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('/metrics', () => {
  it('counts requests by route and status with latency histograms, and lead totals', async () => {
    await t.app.request('/healthz');
    await t.app.request('/healthz');
    await post('/api/contact-inquiry', {
      businessName: 'Metric Co',
      contactName: 'Ana',
      contactEmail: 'ana@example.nz',
      servicesInterested: ['seo'],
    });
    await t.app.request('/api/admin/leads/enquiry/123');
    const text = await scrape();
    expect(text).toContain('http_requests_total{method="GET",route="/healthz",status="200"} 2');
    expect(text).toContain('http_requests_total{method="POST",route="/api/contact-inquiry",status="201"} 1');
    expect(text).toContain('route="/api/admin/leads/:type/:id",status="401"');
    // Label order is prom-client's (le first); Prometheus reads labels in any order.
    expect(text).toContain('http_request_duration_ms_bucket{le="+Inf",method="GET",route="/healthz",status="200"} 2');
    expect(text).toContain('leads_stored{kind="enquiry"} 1');
    expect(text).toContain('# TYPE http_request_duration_ms histogram');
  });

  it('counts remote load failures reported by browsers, and refuses bad reports', async () => {
    expect(
      (await post('/api/telemetry/remote-load-failure', { remote: 'quoting', module: 'enquiry-form' })).status,
    ).toBe(204);
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

  it('without METRICS_TOKEN answers this machine only, and never a request that came through a proxy', async () => {
    for (const local of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1']) {
      expect((await request(t.app, local)).status, local).toBe(200);
    }
    for (const remote of ['203.0.113.9', '10.0.0.5', '::ffff:192.0.2.1', '2001:db8::1']) {
      const res = await request(t.app, remote);
      expect(res.status, remote).toBe(403);
      expect(await res.text()).toContain('set METRICS_TOKEN');
    }
    expect((await request(t.app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(403);
    expect((await request(t.app, '127.0.0.1', { forwarded: 'for=203.0.113.9' })).status).toBe(403);
    expect((await request(t.app, undefined)).status).toBe(403); // no socket: not known to be local
  });

  it.each([
    ['x-forwarded-for', '203.0.113.9'],
    ['forwarded', 'for=203.0.113.9'],
    ['x-real-ip', '203.0.113.9'],
    ['true-client-ip', '203.0.113.9'],
    ['cf-connecting-ip', '203.0.113.9'],
    ['X-Real-IP', '127.0.0.1'],
  ])('treats a loopback request carrying only %s as relayed (403)', async (header, value) => {
    const res = await request(t.app, '127.0.0.1', { [header]: value });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('set METRICS_TOKEN');
  });

  it('with METRICS_TOKEN answers whoever presents it, from anywhere, and nobody else', async () => {
    const locked = await setupApp({ METRICS_TOKEN: 'a-long-metrics-token' });
    try {
      expect((await request(locked.app, '127.0.0.1')).status).toBe(401);
      expect(
        (await request(locked.app, '203.0.113.9', { authorization: 'Bearer a-long-metrics-token-and-more' })).status,
      ).toBe(401);
      expect((await request(locked.app, '203.0.113.9', { authorization: 'Bearer a-long-metrics-tokeN' })).status).toBe(
        401,
      );
      const res = await request(locked.app, '203.0.113.9', {
        authorization: 'Bearer a-long-metrics-token',
        'x-forwarded-for': '198.51.100.7',
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('http_requests_total');
    } finally {
      await locked.cleanup();
    }
  });
});
