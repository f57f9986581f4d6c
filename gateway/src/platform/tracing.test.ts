import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, tracingEnabled } from './tracing';
import { fakeRemoteBuild, remoteStore, setupApp } from '../../test/helpers';

/**
 * The gateway's part of a trace (decision 0088), seen by a real OTLP/HTTP receiver: a request continues the
 * caller's `traceparent` in a span named by its route, with the database's and the bucket's calls and the outbox's
 * delivery under it; nothing is sent while no endpoint is configured.
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

let receiver: Server;
let endpoint: string;
let posts = 0;
const spans: OtlpSpan[] = [];
let hook: Server;
let hooked = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      posts++;
      if (req.url === '/v1/traces') {
        const sent = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const r of sent.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  hook = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hooked++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const traceparent = (span: string) => `00-${TRACE_ID}-${span}-01`;
const attribute = (span: OtlpSpan, key: string) => span.attributes?.find((a) => a.key === key)?.value.stringValue;
/** Waits (on the receiver, not the clock) until the spans of `traceId` include every name `wanted` matches. */
async function spansOf(traceId: string, wanted: (string | RegExp)[]): Promise<OtlpSpan[]> {
  const has = () => {
    const mine = spans.filter((s) => s.traceId === traceId);
    return wanted.every((w) => mine.some((s) => (typeof w === 'string' ? s.name === w : w.test(s.name))));
  };
  await expect.poll(has, { timeout: 20_000, interval: 50 }).toBe(true);
  return spans.filter((s) => s.traceId === traceId);
}

describe('tracing', () => {
  it('keeps and sends nothing while OTEL_EXPORTER_OTLP_ENDPOINT is unset', async () => {
    const t = await setupApp({});
    try {
      expect(t.env.tracing).toBeUndefined();
      const res = await t.app.request('/api/blog-posts', { headers: { traceparent: traceparent('b7ad6b7169203331') } });
      expect(res.status).toBe(200);
      await t.outbox.idle();
      expect(tracingEnabled()).toBe(false);
      expect(posts).toBe(0);
    } finally {
      await t.cleanup();
    }
  });

  describe('with an endpoint', () => {
    let t: Awaited<ReturnType<typeof setupApp>>;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      t = await setupApp({
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        LEAD_WEBHOOK_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`,
        LEAD_WEBHOOK_SECRET: 'a-secret-of-sixteen-plus',
      });
      expect(t.env.tracing).toMatchObject({ endpoint, serviceName: 'agency-gateway' });
      stop = await startTracing({ ...t.env.tracing!, version: 'test', batchDelayMs: 20 });
    });
    afterAll(async () => {
      await stop();
      await t.cleanup();
    });

    it("continues the caller's trace in a span named by its route, with its SQL under it", async () => {
      const parent = 'b7ad6b7169203331';
      const res = await t.app.request('/api/blog-posts', { headers: { traceparent: traceparent(parent) } });
      expect(res.status).toBe(200);
      const mine = await spansOf(TRACE_ID, ['GET /api/blog-posts', /^db select$/]);
      const server = mine.find((s) => s.name === 'GET /api/blog-posts')!;
      expect(server.parentSpanId).toBe(parent);
      expect(server.kind).toBe(2); // SERVER
      expect(attribute(server, 'http.route')).toBe('/api/blog-posts');
      const sql = mine.filter((s) => s.name === 'db select');
      expect(sql.every((s) => s.parentSpanId === server.spanId && s.kind === 3)).toBe(true); // CLIENT
      expect(attribute(sql[0]!, 'db.query.text')).toMatch(/^select .* from "blog_posts"/i);
    });

    it("a bucket read, and a lead's outbox delivery, hang under the request that caused them", async () => {
      const version = (await remoteStore(t).publish('quoting', await fakeRemoteBuild(t.root, 'traced'))).version;
      const bucketTrace = 'c'.repeat(32);
      await t.app.request(`/mfe/quoting/${version}/remoteEntry.js`, {
        headers: { traceparent: `00-${bucketTrace}-${'1'.repeat(16)}-01` },
      });
      const read = await spansOf(bucketTrace, [/^GET \/mfe\//, /^bucket (get|head)$/]);
      const server = read.find((s) => s.parentSpanId === '1'.repeat(16))!;
      expect(server.name).toMatch(/^GET \/mfe\//);
      const bucket = read.find((s) => /^bucket (get|head)$/.test(s.name))!;
      expect(attribute(bucket, 'storage.area')).toBe('remotes');

      const leadTrace = 'd'.repeat(32);
      const lead = await t.app.request('/api/contact-inquiry', {
        method: 'POST',
        headers: { 'content-type': 'application/json', traceparent: `00-${leadTrace}-${'2'.repeat(16)}-01` },
        body: JSON.stringify({
          businessName: 'Traced Ltd',
          contactName: 'Hine',
          contactEmail: 'hine@example.nz',
          servicesInterested: ['seo'],
        }),
      });
      expect(lead.status).toBe(201);
      await t.outbox.idle();
      expect(hooked).toBeGreaterThan(0);
      const ofLead = await spansOf(leadTrace, ['POST /api/contact-inquiry', 'outbox deliver webhook', 'db batch']);
      const post = ofLead.find((s) => s.name === 'POST /api/contact-inquiry')!;
      const delivery = ofLead.find((s) => s.name === 'outbox deliver webhook')!;
      expect(ofLead.find((s) => s.name === 'db batch')!.parentSpanId).toBe(post.spanId);
      expect(delivery.parentSpanId).toBe(post.spanId);
      // The delivery's own SQL (marking the row sent) is inside its span.
      expect(ofLead.some((s) => s.parentSpanId === delivery.spanId && s.name.startsWith('db '))).toBe(true);
    });

    it('starts a trace of its own for a request without one', async () => {
      const before = new Set(spans.map((s) => s.traceId));
      await t.app.request('/api/case-studies');
      await expect
        .poll(() => spans.find((s) => s.name === 'GET /api/case-studies' && !before.has(s.traceId)), {
          timeout: 20_000,
        })
        .toMatchObject({ traceId: expect.stringMatching(/^[0-9a-f]{32}$/) });
      const root = spans.find((s) => s.name === 'GET /api/case-studies' && !before.has(s.traceId))!;
      expect(root.parentSpanId ?? '').toBe('');
    });
  });
});
