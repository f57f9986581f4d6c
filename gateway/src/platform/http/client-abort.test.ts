import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/auth-client';
import { fromPeer, setupApp } from '../../../test/helpers';
import { createLogger } from '../logger';

const lines: string[] = [];
let t: Awaited<ReturnType<typeof setupApp>>;
let server: ReturnType<typeof serve>;
let port: number;
beforeAll(async () => {
  t = await setupApp({}, { logger: createLogger('debug', (line) => lines.push(line)) });
  server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.cleanup();
});

const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
const scrape = async () => (await t.app.request('/metrics', {}, fromPeer('127.0.0.1'))).text();

/** A real client on a real socket: the headers promise `declared` bytes, part of the body goes, then it hangs up. */
async function dropMidBody(path: string, headers: Record<string, string>, declared: number, part: string) {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const head = Object.entries({ host: `portal.localhost:${port}`, 'content-length': String(declared), ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n${part}`);
  // Let the gateway start reading the body before the client goes.
  await new Promise((resolve) => setTimeout(resolve, 150));
  socket.destroy();
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = await probe();
    if (found !== undefined && found !== null) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a client that drops its request mid-body', () => {
  it.each([
    ['a JSON body', '/api/contact-inquiry', 'application/json', '{"businessName":"Half'],
    ['a file upload', 'upload', 'application/pdf', '%PDF-1.7\n1 0 obj'],
  ])(
    '(%s) is counted as 499 and logged as a client abort, never as a 500 or an error',
    async (_label, target, type, part) => {
      const headers: Record<string, string> = { 'content-type': type };
      let path = target;
      if (target === 'upload') {
        const admin = await signedIn(t.app, t.db, 'admin', 'abort-admin');
        const client = await signedIn(t.app, t.db, 'client', 'abort-client');
        headers.cookie = [...admin.b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
        path = `/api/admin/clients/${client.id}/files?name=report.pdf`;
      }
      const route = target === 'upload' ? '/api/admin/clients/:clientId/files' : path;
      lines.length = 0;
      await dropMidBody(path, headers, 4000, part);

      const counted = await waitFor('the abort in /metrics', async () =>
        (await scrape()).match(new RegExp(`http_requests_total\\{method="POST",route="${route}",status="(\\d+)"\\} 1`)),
      );
      expect(counted[1]).toBe('499');
      expect(await scrape()).not.toMatch(/status="5\d\d"/);

      const line = await waitFor('the log line', async () =>
        logged().find((entry) => entry.path === path.split('?')[0]),
      );
      expect(line).toMatchObject({ level: 'info', msg: 'client aborted', method: 'POST', status: 499 });
      expect(line.error).toMatch(/aborted|closed/i);
      expect(logged().filter((entry) => entry.level === 'error' || entry.level === 'warn')).toEqual([]);
      expect(logged().some((entry) => entry.msg === 'unhandled error')).toBe(false);
    },
  );

  it('still answers and counts a complete request on the same server as before', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/contact-inquiry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        businessName: 'Whole Co',
        contactName: 'Ana',
        contactEmail: 'ana@example.nz',
        servicesInterested: ['seo'],
      }),
    });
    expect(res.status).toBe(201);
    expect(await scrape()).toContain('http_requests_total{method="POST",route="/api/contact-inquiry",status="201"} 1');
  });
});
