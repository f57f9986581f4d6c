import { afterAll, beforeAll, expect, it } from 'vitest';
import { endpoints, routes, type Endpoint } from '@agency/contracts';
import { hashPassword } from '../accounts/passwords';
import { users } from '../../platform/db';
import { SERIES_BUDGET } from './metrics';
import { browser, signInFully, withTestApp } from '../../../test/auth-client';
import { fromPeer, setupApp } from '../../../test/helpers';

/**
 * The series budget (decision 0088): one pass over every endpoint of the contracts table (as a stranger, a client and
 * staff, so each answers its usual statuses), every page of the route table, a path that is no page, the probes and
 * a scrape, then the series of one more scrape are counted against SERIES_BUDGET.
 */
const table = Object.entries(endpoints) as [string, Endpoint][];
const PASSWORD = 'Kahikatea#2025';
let t: Awaited<ReturnType<typeof setupApp>>;

beforeAll(async () => {
  t = await setupApp({});
  const password = await hashPassword(PASSWORD);
  await t.db.insert(users).values([
    { username: 'series-client', email: 'series-client@example.nz', password, role: 'client' },
    { username: 'series-admin', email: 'series-admin@example.nz', password, role: 'admin' },
  ]);
});
afterAll(() => t.cleanup());

const filled = (e: Endpoint) => e.path.replace(/:(\w+)/g, (_, name: string) => (name === 'type' ? 'quote' : '1'));
const method = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'del' } as const;

it('holds its series budget after every endpoint, page and probe has answered', async () => {
  const stranger = browser(t.app);
  const client = browser(t.app);
  const staff = browser(t.app);
  expect((await client.post('/api/login', { username: 'series-client', password: PASSWORD })).status).toBe(200);
  await withTestApp(t.db, 'series-admin');
  expect((await signInFully(staff, t.db, 'series-admin', PASSWORD)).status).toBe(200);
  for (const [, e] of table)
    for (const who of [stranger, client, staff]) {
      // Destructive calls by staff are left out: they would sign staff out or change what later calls read.
      if (who === staff && (e.method === 'DELETE' || e.path.endsWith('/logout'))) continue;
      await who[method[e.method]](filled(e), e.method === 'GET' || e.method === 'DELETE' ? undefined : {});
    }
  for (const route of routes) await stranger.get(route.path.replace(/:(\w+)/g, 'example'));
  for (const path of ['/no-such-page', '/healthz', '/readyz', '/favicon.svg', '/mfe/pointer.json'])
    await stranger.get(path);
  await t.app.request('/metrics', {}, fromPeer('127.0.0.1'));

  const text = await (await t.app.request('/metrics', {}, fromPeer('127.0.0.1'))).text();
  const series = text.split('\n').filter((line) => line && !line.startsWith('#'));
  // The pass reached every endpoint: each is counted under its own route.
  const counted = new Set(series.flatMap((line) => /^http_requests_total\{.*route="([^"]*)"/.exec(line)?.[1] ?? []));
  expect(table.map(([, e]) => e.path).filter((p) => !counted.has(p))).toEqual([]);
  // Every family the operator expects is there, and no duration in milliseconds.
  for (const family of [
    'process_cpu_seconds_total',
    'nodejs_eventloop_lag_seconds',
    'nodejs_heap_size_used_bytes',
    'http_request_duration_seconds_bucket',
    'db_call_duration_seconds_bucket',
    'bucket_call_duration_seconds_bucket',
    'build_info{component="gateway"',
    'outbox_messages',
  ])
    expect(text, family).toContain(family);
  expect(text).not.toMatch(/^\w+_ms(_bucket|_sum|_count)?[{ ]/m);
  expect(series.length).toBeLessThanOrEqual(SERIES_BUDGET);
});
