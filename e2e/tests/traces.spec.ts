import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RUM_PATH } from '@agency/contracts';
import { startGateway, type RunningGateway } from '@agency/gateway/testing';
import { expect, test } from '../support/fixtures';

/**
 * Traces from the browser to the database (decision 0088): a real OTLP/HTTP receiver (JSON, as the gateway's
 * exporter sends it) beside a gateway with OTEL_EXPORTER_OTLP_ENDPOINT set; a page load in Chromium starts its own
 * trace, and the receiver sees that trace's server spans down to the SQL.
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

let receiver: Server;
let spans: OtlpSpan[] = [];
let gateway: RunningGateway;

test.beforeAll(async () => {
  // Publishing the built remotes and starting a gateway: minutes on a busy two-core machine.
  test.setTimeout(300_000);
  spans = [];
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.includes('json')) {
        const sent = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const r of sent.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  gateway = await startGateway({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_SERVICE_NAME: 'e2e' });
});
test.afterAll(async () => {
  await gateway?.stop();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

const attribute = (span: OtlpSpan, key: string) => span.attributes?.find((a) => a.key === key)?.value.stringValue;

test('one trace from a page load in the browser to its SQL', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: gateway.url });
  const page = await context.newPage();
  // The page's measurements go out 5 s after the first (the beacon carries the page load's trace in its address).
  const beacon = page.waitForRequest((r) => new URL(r.url()).pathname === RUM_PATH, { timeout: 30_000 });
  await page.goto('/price-calculator');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const sent = new URL((await beacon).url()).searchParams.get('traceparent');
  // The shell started the page load's trace as it booted; the beacon carries it.
  const traceId = await page.evaluate(
    () => (globalThis as unknown as Record<symbol, string | undefined>)[Symbol.for('agency.pageTraceId')],
  );
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  expect(sent?.split('-')[1]).toBe(traceId);

  // The receiver gets the gateway's spans of that trace: the beacon's request, and the SQL it ran.
  await expect
    .poll(() => spans.filter((s) => s.traceId === traceId).map((s) => s.name), { timeout: 30_000 })
    .toEqual(expect.arrayContaining([`POST ${RUM_PATH}`, expect.stringMatching(/^db /)]));
  const ofPage = spans.filter((s) => s.traceId === traceId);
  const request = ofPage.find((s) => s.name === `POST ${RUM_PATH}`)!;
  // The request continues the browser's span: its parent is the span id the beacon sent.
  expect(request.parentSpanId).toBe(sent!.split('-')[2]);
  const sql = ofPage.filter((s) => s.name.startsWith('db '));
  expect(sql.some((s) => /insert|select/i.test(attribute(s, 'db.query.text') ?? ''))).toBe(true);
  // Every SQL span hangs under a span of this trace (no orphan roots of the page's own).
  const ids = new Set(ofPage.map((s) => s.spanId));
  for (const s of sql) expect(ids.has(s.parentSpanId!)).toBe(true);

  // The page's HTML (shared by every visitor, so in a trace of the gateway's own) was rendered on the server: the
  // render's span, and under it the render process's own, hang under the page request's span.
  const page_ = spans.find((s) => s.name === 'GET /price-calculator');
  expect(page_, 'the page request').toBeDefined();
  const render = spans.find((s) => s.name === 'server render' && s.parentSpanId === page_!.spanId);
  expect(render, 'the server render').toBeDefined();
  expect(spans.some((s) => s.name === 'render in process' && s.parentSpanId === render!.spanId)).toBe(true);
  expect(spans.some((s) => s.traceId === page_!.traceId && s.name.startsWith('bucket '))).toBe(true);
  await context.close();
});
