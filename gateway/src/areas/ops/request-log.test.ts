import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger';
import { fromPeer, setupApp } from '../../../test/helpers';

/**
 * What a request's log line tells an operator (decision 0088): who asked (the address the rate limits see, after
 * TRUSTED_PROXIES), with what, and the trace it belongs to; the orchestrator's probes only when debugging.
 */
let t: Awaited<ReturnType<typeof setupApp>>;
let lines: Record<string, unknown>[] = [];
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

beforeAll(async () => {
  const logger = createLogger('debug', (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  t = await setupApp({ TRUSTED_PROXIES: '10.0.0.2' }, { logger });
});
afterAll(() => t.cleanup());

const requestLine = (path: string) =>
  lines.find((l) => (l.msg === 'request' || l.msg === 'client aborted') && l.path === path);

describe('request log lines', () => {
  it("carry the client's address after the trusted proxies, its user agent and the trace id it sent", async () => {
    lines = [];
    await t.app.request(
      '/api/blog-posts',
      { headers: { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'Mozilla/5.0 (Kowhai)', traceparent: TRACEPARENT } },
      fromPeer('10.0.0.2'),
    );
    expect(requestLine('/api/blog-posts')).toMatchObject({
      level: 'info',
      status: 200,
      client: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (Kowhai)',
      traceId: TRACE_ID,
    });
  });

  it('believe X-Forwarded-For only from a trusted proxy, and keep a long user agent short', async () => {
    lines = [];
    await t.app.request(
      '/api/case-studies',
      { headers: { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'x'.repeat(10_000), traceparent: 'nonsense' } },
      fromPeer('198.51.100.7'),
    );
    const line = requestLine('/api/case-studies')!;
    expect(line).toMatchObject({ client: '198.51.100.7' });
    expect((line.userAgent as string).length).toBe(256);
    // A malformed traceparent is no trace id.
    expect(line.traceId).toBeUndefined();
  });

  it('log the health probes at debug, everything else at info', async () => {
    lines = [];
    await t.app.request('/healthz', {}, fromPeer('10.0.0.9'));
    await t.app.request('/readyz', {}, fromPeer('10.0.0.9'));
    await t.app.request('/favicon.svg', {}, fromPeer('10.0.0.9'));
    expect(requestLine('/healthz')).toMatchObject({ level: 'debug', status: 200 });
    expect(requestLine('/readyz')).toMatchObject({ level: 'debug' });
    expect(requestLine('/favicon.svg')).toMatchObject({ level: 'info' });
  });
});
