import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type browser } from './auth-client';
import { setupApp } from './helpers';

/**
 * Bodiless requests over real HTTP, as a browser sends them: Chromium's `fetch` sends a DELETE with no body with
 * neither Content-Length nor Content-Type, and a POST with no body with `Content-Length: 0` (both as Node's own
 * `http.request` does). In-process `app.request` cannot show this: there a bodiless Request has no body stream,
 * while @hono/node-server gives every request off the wire one.
 */
let t: Awaited<ReturnType<typeof setupApp>>;
let server: ReturnType<typeof serve>;
let port: number;
let admin: Awaited<ReturnType<typeof signedIn>>;
let alice: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await setupApp({});
  server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
  admin = await signedIn(t.app, t.db, 'admin', 'bodiless-admin');
  alice = await signedIn(t.app, t.db, 'client', 'bodiless-client');
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.cleanup();
});

const cookieOf = (b: ReturnType<typeof browser>) => [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');

interface Answer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Node's own client: with no body, a DELETE goes without Content-Length and a POST with `Content-Length: 0`. A body
 * gets its length (Node sends a DELETE's body unframed otherwise) unless the test sends it chunked.
 */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const framed =
    body === undefined || headers['transfer-encoding']
      ? headers
      : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    // To the portal, where the API that takes a session is (decision 0077).
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: { host: `portal.localhost:${port}`, ...framed } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Exactly these bytes on the wire (a POST with neither Content-Length nor Transfer-Encoding: a body of none). */
function sendRaw(head: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`${head}\r\nHost: portal.localhost:${port}\r\nConnection: close\r\n\r\n`),
    );
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () =>
      resolve({ status: Number(data.split(' ')[1]), text: data.slice(data.indexOf('\r\n\r\n') + 4) }),
    );
    socket.on('error', reject);
  });
}

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Each thing a staff member can delete in the dashboard, made in-process, then its list to see it gone. */
const deletable: [string, () => Promise<string>, (id: string) => Promise<boolean>][] = [
  [
    'a blog post',
    async () => {
      const res = await admin.b.post('/api/admin/blog-posts', {
        title: 'To be deleted',
        slug: `to-be-deleted-${Date.now()}`,
        excerpt: 'Short-lived.',
        body: 'Gone soon.',
        category: 'Tests',
        status: 'draft',
      });
      expect(res.status).toBe(201);
      return `/api/admin/blog-posts/${String(res.json.id)}`;
    },
    async (path) => (await admin.b.get(path)).status === 200,
  ],
  ...(['case-studies', 'service-packages'] as const).map((kind): (typeof deletable)[number] => [
    `a ${kind.slice(0, -1)}`,
    async () => {
      const item =
        kind === 'case-studies'
          ? { title: `Study ${Date.now()}` }
          : { name: 'Package', type: 'seo', price: '$1', features: [] };
      const res = await admin.b.post(`/api/admin/${kind}`, item);
      expect(res.status).toBe(201);
      return `/api/admin/${kind}/${String(res.json.id)}`;
    },
    async (path) => {
      const items = (await admin.b.get(`/api/admin/${kind}?pageSize=100`)).json.items as { id: number }[];
      return items.some((i) => path.endsWith(`/${i.id}`));
    },
  ]),
  [
    "a client's report",
    async () => {
      const res = await admin.b.post(`/api/admin/clients/${alice.id}/reports`, {
        reportDate: `20${10 + (Date.now() % 80)}-01-01`,
      });
      expect(res.status).toBe(201);
      return `/api/admin/reports/${String(res.json.id)}`;
    },
    async (path) => {
      const items = (await admin.b.get(`/api/reports?clientId=${alice.id}&pageSize=100`)).json.items as {
        id: number;
      }[];
      return items.some((i) => path.endsWith(`/${i.id}`));
    },
  ],
  [
    "a client's file",
    async () => {
      const res = await t.app.request(`/api/admin/clients/${alice.id}/files?name=plan.pdf`, {
        method: 'POST',
        headers: { cookie: cookieOf(admin.b), 'content-type': 'application/octet-stream' },
        body: PDF,
      });
      expect(res.status).toBe(201);
      return `/api/admin/files/${String(((await res.json()) as { id: number }).id)}`;
    },
    async (path) => {
      const items = (await admin.b.get(`/api/files?clientId=${alice.id}&pageSize=100`)).json.items as { id: number }[];
      return items.some((i) => path.endsWith(`/${i.id}`));
    },
  ],
];

describe('bodiless requests over real HTTP', () => {
  it.each(deletable)(
    'deletes %s with a DELETE as a browser sends it (no Content-Length, no Content-Type)',
    async (_, make, exists) => {
      const path = await make();
      expect(await exists(path)).toBe(true);
      const res = await send('DELETE', path, { cookie: cookieOf(admin.b), origin: t.env.publicConfig.portalOrigin });
      expect(res.status, res.text).toBe(200);
      expect(await exists(path)).toBe(false);
    },
  );

  it('deletes with `Content-Length: 0` too, and still refuses a DELETE that carries a form or text body', async () => {
    const [, make, exists] = deletable[0]!;
    const path = await make();
    const cookie = cookieOf(admin.b);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await send('DELETE', path, { cookie, 'content-type': type }, 'a=1');
      expect(res.status).toBe(415);
    }
    expect(await exists(path)).toBe(true);
    expect((await send('DELETE', path, { cookie, 'content-length': '0' })).status).toBe(200);
    expect(await exists(path)).toBe(false);
  });

  it('signs out with a bodiless POST, with `Content-Length: 0` (fetch) and with no length at all', async () => {
    for (const withLength of [true, false]) {
      const { b } = await signedIn(t.app, t.db, 'client', `bodiless-out-${String(withLength)}`);
      const cookie = cookieOf(b);
      expect((await b.get('/api/auth/user')).status).toBe(200);
      const res = withLength
        ? await send('POST', '/api/logout', { cookie })
        : await sendRaw(`POST /api/logout HTTP/1.1\r\nCookie: ${cookie}`);
      expect(res.status, res.text).toBe(200);
      expect((await send('GET', '/api/auth/user', { cookie })).status).toBe(401);
    }
  });

  it('answers a bodiless POST to a route that needs input with a 400 naming the fields, never a 500', async () => {
    const res = await send('POST', '/api/contact-inquiry');
    expect(res.status).toBe(400);
    expect(Object.keys((JSON.parse(res.text) as { errors: object }).errors)).toContain('businessName');
  });

  it('still refuses anything that carries a body other than JSON, declared or not, with a length or chunked', async () => {
    const cookie = cookieOf(admin.b);
    const cases: [Record<string, string>, string | undefined][] = [
      [{ 'content-type': 'text/plain' }, '{"status":"draft"}'],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, 'title=x'],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, undefined], // an empty form still says it is a form
      [{}, '{"title":"x"}'], // bytes of no declared type
      [{ 'transfer-encoding': 'chunked' }, '{"title":"x"}'],
    ];
    for (const [headers, body] of cases) {
      const res = await send('POST', '/api/admin/case-studies', { cookie, ...headers }, body);
      expect(res.status, JSON.stringify(headers)).toBe(415);
    }
    const raw = await sendRaw(`POST /api/logout HTTP/1.1\r\nCookie: ${cookie}\r\nContent-Type: text/plain`);
    expect(raw.status).toBe(415);
    expect((await admin.b.get('/api/admin/case-studies')).status).toBe(200); // still signed in
  });

  it('refuses a bodiless POST or DELETE from another site (the same-origin check), so it signs nobody out', async () => {
    const { b } = await signedIn(t.app, t.db, 'admin', 'bodiless-victim');
    const cookie = cookieOf(b);
    const path = await deletable[0]![1]();
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      expect((await send('POST', '/api/logout', { cookie, ...headers })).status).toBe(403);
      expect((await send('DELETE', path, { cookie, ...headers })).status).toBe(403);
    }
    expect((await send('GET', '/api/auth/user', { cookie })).status).toBe(200);
    expect(await deletable[0]![2](path)).toBe(true);
  });
});
