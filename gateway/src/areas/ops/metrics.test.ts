import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRemoteBuild, fromPeer, remoteStore, setupApp } from '../../../test/helpers';

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
    // In seconds, as Prometheus names base units; statuses are the counter's, not the histogram's (decision 0088).
    expect(text).toContain('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/healthz"} 2');
    expect(text).toContain('leads_stored{kind="enquiry"} 1');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).not.toMatch(/^\w+_ms(_bucket|_sum|_count)?[{ ]/m);
  });

  it('reports the process and runtime, database and bucket calls with their errors, and the versions running', async () => {
    const store = remoteStore(t);
    const live = (await store.publish('quoting', await fakeRemoteBuild(t.root, 'metrics-quoting'))).version;
    // Publishing puts the build's files in the bucket, an enquiry stores its row and notice in one batch; a statement the database refuses
    // and a key the store refuses are one error each.
    const enquiry = { businessName: 'Calls Ltd', contactName: 'Mere', contactEmail: 'mere@example.nz' };
    expect((await post('/api/contact-inquiry', { ...enquiry, servicesInterested: ['seo'] })).status).toBe(201);
    await expect(t.db.$client.execute('select * from no_such_table')).rejects.toThrow();
    await expect(t.stores.files.put('../outside', Buffer.from('x'))).rejects.toThrow();
    const text = await scrape();
    for (const family of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(text, family).toMatch(new RegExp(`^${family}[{ ]`, 'm'));
    // Collections are observed as they happen, by kind: the family is there before the first.
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect(text).toMatch(/^db_call_duration_seconds_count\{op="select"\} [1-9]/m);
    expect(text).toMatch(/^db_call_duration_seconds_count\{op="batch"\} [1-9]/m);
    expect(text).toContain('db_call_errors_total{op="select"} 1');
    expect(text).toMatch(/^bucket_call_duration_seconds_count\{area="remotes",op="put"\} [1-9]/m);
    expect(text).toContain('bucket_call_errors_total{area="files",op="put"} 1');
    expect(text).toMatch(/^build_info\{component="gateway",version="\d+\.\d+\.\d+[^"]*"\} 1$/m);
    expect(text).toContain(`build_info{component="quoting",version="${live}"} 1`);
    // A remote with no live version has no line: absent, not a made-up version.
    expect(text).not.toContain('build_info{component="account"');
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

  it('labels requests by the matched route pattern: 2,000 distinct ids, paths and methods add no series', async () => {
    // The runtime's own families are left out: they follow the process (a first major collection, a kind of handle
    // open at the moment), not what was asked.
    const runtime = /^(#|nodejs_|process_)/;
    const series = async () => (await scrape()).split('\n').filter((line) => line && !runtime.test(line)).length;
    // Every way a stranger can vary a path or a method: ids in API routes (matched, answered by a guard, by a
    // middleware, or unmatched), content pages, static areas, files at the root, unknown methods.
    const probes = (id: string): [string, string, RequestInit?][] => [
      ['GET', `/api/admin/blog-posts/${id}`],
      ['PUT', `/api/admin/blog-posts/${id}`],
      ['DELETE', `/api/admin/blog-posts/${id}`],
      ['GET', `/api/admin/leads/${id}/${id}`],
      ['GET', `/api/blog-posts/${id}`],
      ['GET', `/api/case-studies/${id}`],
      ['GET', `/api/${id}/${id}`],
      ['POST', `/api/contact-inquiry/${id}`, { headers: { 'content-type': 'text/plain' }, body: 'x' }],
      ['POST', `/api/contact-inquiry`, { headers: { 'content-type': `text/${id}` }, body: 'x' }],
      ['GET', `/blog/${id}`],
      ['GET', `/case-studies/${id}`],
      ['GET', `/${id}`],
      ['GET', `/${id}.ico`],
      ['GET', `/mfe/marketing/${id}/remoteEntry.js`],
      ['GET', `/assets/${id}.js`],
      ['GET', `/media/${id}.mp3`],
      ['GET', `/content-images/${id}.png`],
      ['POST', `/${id}`],
      [`X${id.replace(/\W/g, '')}`, `/api/admin/blog-posts/${id}`],
    ];
    const send = async ([method, path, init]: [string, string, RequestInit?]) => {
      const res = await t.app.request(path, { method, ...init });
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    };
    for (const id of ['first-1', '2']) for (const probe of probes(id)) await send(probe);
    const before = await series();
    // 2,000 distinct ids, words and numbers alike: each on the reported path and on one other probe in turn.
    for (let i = 0; i < 2000; i++) {
      const id = i % 2 ? String(100000 + i) : `id${i}x${i.toString(36)}`;
      const [issue, ...others] = probes(id);
      await send(issue!);
      await send(others[i % others.length]!);
    }
    expect(await series()).toBe(before);

    const text = await scrape();
    for (const label of [
      'method="GET",route="/api/admin/blog-posts/:id",status="401"',
      'method="DELETE",route="/api/admin/blog-posts/:id",status="401"',
      'method="other",route="/api/unmatched",status="404"',
      'method="GET",route="/api/blog-posts/:slug",status="404"',
      'method="GET",route="/api/unmatched",status="404"',
      'method="POST",route="/api/contact-inquiry",status="415"',
      'method="GET",route="/blog/:slug",status="404"',
      'method="GET",route="/case-studies/:slug",status="404"',
      'method="GET",route="page_not_found",status="404"',
      'method="POST",route="page_not_found",status="404"',
      'method="GET",route="/mfe/:name/:version/*",status="404"',
      'method="GET",route="/assets/*",status="404"',
      'method="GET",route="/media/*",status="404"',
      'method="GET",route="/content-images/:file",status="404"',
    ])
      expect(text).toContain(`http_requests_total{${label}}`);
    expect(text).not.toMatch(/route="[^"]*(first-1|id\d)/);
  });

  it('labels pages by their route, and files at the root as one', async () => {
    await t.app.request('/services');
    await t.app.request('/services/');
    await t.app.request('/favicon.svg');
    const text = await scrape();
    expect(text).toContain('http_requests_total{method="GET",route="/services",status="200"} 2');
    expect(text).toContain('http_requests_total{method="GET",route="root_file",status="200"} 1');
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
