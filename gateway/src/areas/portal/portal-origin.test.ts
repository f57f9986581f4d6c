import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  pathParamNames,
  POINTER_ELEMENT_ID,
  portalOnly,
  RUNTIME_CONFIG_ELEMENT_ID,
  type Endpoint,
} from '@agency/contracts';
import { createHash } from 'node:crypto';
import { createDeployToken } from '../../platform/http/guards/deploy-tokens';
import { deployTokens } from '../../platform/db';
import { localFetch } from '../../../testing/local-fetch';
import { signedIn } from '../../../test/auth-client';
import { fakeRemoteBuild, remoteStore, setupApp } from '../../../test/helpers';

// Decision 0077: one gateway serves the public site and the portal, told apart by the Host a browser asks. These
// requests go over real HTTP to `localhost` and `portal.localhost`, as Chromium sends them.

let t: Awaited<ReturnType<typeof setupApp>>;
let server: ServerType;
let publicUrl: string;
let portalUrl: string;
let cookie: string;

/** A request to one origin over HTTP, never following a redirect. */
const ask = (url: string, init: Parameters<typeof localFetch>[1] = {}) =>
  localFetch(url, { redirect: 'manual', ...init });

type Pointer = { remotes: Record<string, { entry: string }> };
const pointerAt = async (url: string) => (await (await ask(`${url}/mfe/pointer.json`)).json()) as Pointer;

const embedded = (html: string, id: string) =>
  JSON.parse(new RegExp(`<script id="${id}" type="application/json">(.*?)</script>`).exec(html)?.[1] ?? 'null');

/** Each Set-Cookie line as name, value and lower-cased attributes. */
function cookiesOf(res: { headers: { getSetCookie(): string[] } }) {
  return new Map(
    res.headers.getSetCookie().map((line) => {
      const [pair = '', ...rest] = line.split(/;\s*/);
      const at = pair.indexOf('=');
      const attributes = new Map(rest.map((a) => [a.split('=')[0]!.toLowerCase(), a.split('=')[1] ?? '']));
      return [pair.slice(0, at), { value: pair.slice(at + 1), attributes }];
    }),
  );
}

beforeAll(async () => {
  t = await setupApp({
    // Third parties the public site carries and the portal must not.
    ANALYTICS_ID: 'G-TEST123',
    PIXEL_ID: '1234567890',
    CHATBOT_SCRIPT_URL: 'https://chat.example/embed.js',
  });
  const store = remoteStore(t);
  await store.publish('marketing', await fakeRemoteBuild(t.root, 'marketing'));
  await store.publish('quoting', await fakeRemoteBuild(t.root, 'quoting'));
  await store.publish('account', await fakeRemoteBuild(t.root, 'account'));
  server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  publicUrl = `http://localhost:${port}`;
  portalUrl = `http://portal.localhost:${port}`;
  const { b } = await signedIn(t.app, t.db, 'admin', 'hosted-admin');
  cookie = [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await t.cleanup();
});

describe('pages by host', () => {
  it("serves the portal's pages on the portal only, with its own config, pointer and policy, kept from search engines", async () => {
    for (const path of ['/auth', '/login', '/reset-password', '/dashboard']) {
      const res = await ask(portalUrl + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(html).toContain(`<link rel="canonical" href="http://portal.localhost:8787${path}" />`);
      const config = embedded(html, RUNTIME_CONFIG_ELEMENT_ID);
      expect(config).toMatchObject({ site: 'portal', portalOrigin: 'http://portal.localhost:8787' });
      for (const tag of ['analyticsId', 'pixelId', 'chatbotScriptUrl']) expect(config).not.toHaveProperty(tag);
      expect(Object.keys(embedded(html, POINTER_ELEMENT_ID).remotes)).toEqual(['account']);
      const csp = res.headers.get('content-security-policy')!;
      for (const third of ['googletagmanager', 'facebook', 'chat.example', 'openstreetmap'])
        expect(csp).not.toContain(third);
    }
    expect(Object.keys((await pointerAt(portalUrl)).remotes)).toEqual(['account']);
  });

  it('serves every other page on the public site, with its third parties and without the account remote', async () => {
    const res = await ask(`${publicUrl}/price-calculator`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBeNull();
    const html = await res.text();
    expect(embedded(html, RUNTIME_CONFIG_ELEMENT_ID)).toMatchObject({ site: 'public', analyticsId: 'G-TEST123' });
    expect(Object.keys(embedded(html, POINTER_ELEMENT_ID).remotes).sort()).toEqual(['marketing', 'quoting']);
    expect(res.headers.get('content-security-policy')).toContain('https://chat.example');
    expect(Object.keys((await pointerAt(publicUrl)).remotes).sort()).toEqual(['marketing', 'quoting']);
  });

  it("serves each remote's files on its own site only", async () => {
    const pointers = { public: (await pointerAt(publicUrl)).remotes, portal: (await pointerAt(portalUrl)).remotes };
    const entry = (p: { entry: string }) => p.entry.replace('mf-manifest.json', 'remoteEntry.js');
    expect((await ask(publicUrl + entry(pointers.public.quoting!))).status).toBe(200);
    expect((await ask(portalUrl + entry(pointers.public.quoting!))).status).toBe(404);
    expect((await ask(portalUrl + entry(pointers.portal.account!))).status).toBe(200);
    expect((await ask(publicUrl + entry(pointers.portal.account!))).status).toBe(404);
  });

  it("sends a portal page asked of the public site to the portal, with its query (an old e-mail's link too)", async () => {
    for (const path of ['/dashboard', '/auth?role=admin', '/reset-password?token=abc&invite=1', '/login']) {
      const res = await ask(publicUrl + path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toBe(`http://portal.localhost:8787${path}`);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it("sends a public page asked of the portal by the public site's hint page, saying whether the portal has a session", async () => {
    const anonymous = await ask(`${portalUrl}/services?x=1`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe(
      `http://localhost:8787/signed-in-hint?state=0&next=${encodeURIComponent('/services?x=1')}`,
    );
    const staff = await ask(`${portalUrl}/`, { headers: { cookie } });
    expect(staff.headers.get('location')).toBe(`http://localhost:8787/signed-in-hint?state=1&next=%2F`);
    // Unknown paths and crawlers' files are the public site's too: the portal has no sitemap and no robots.txt.
    expect((await ask(`${portalUrl}/nowhere`)).status).toBe(302);
    for (const file of ['/sitemap.xml', '/robots.txt', '/blog/feed.xml']) {
      expect((await ask(portalUrl + file)).status, file).toBe(404);
      expect((await ask(publicUrl + file)).status, file).toBe(200);
    }
  });

  it('sets or clears the public hint (no secret, readable by scripts) and goes on, never to another host', async () => {
    const on = await ask(`${publicUrl}/signed-in-hint?state=1&next=${encodeURIComponent('/services?x=1')}`);
    expect(on.status).toBe(303);
    expect(on.headers.get('location')).toBe('/services?x=1');
    const hint = cookiesOf(on).get('signed-in')!;
    expect(hint.value).toBe('1');
    expect(hint.attributes.has('httponly')).toBe(false);
    expect(hint.attributes.has('domain')).toBe(false);
    expect(hint.attributes.get('path')).toBe('/');
    expect(hint.attributes.get('samesite')).toBe('Lax');
    expect(Number(hint.attributes.get('max-age'))).toBeGreaterThan(0);
    expect([...cookiesOf(on).keys()]).toEqual(['signed-in']);

    const off = await ask(`${publicUrl}/signed-in-hint?state=0&next=/`);
    expect(cookiesOf(off).get('signed-in')).toMatchObject({ value: '' });
    expect(cookiesOf(off).get('signed-in')!.attributes.get('max-age')).toBe('0');

    for (const next of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '']) {
      const res = await ask(`${publicUrl}/signed-in-hint?state=1&next=${encodeURIComponent(next)}`);
      expect(res.headers.get('location'), next).toBe('/');
    }
    // A portal page is the portal's.
    const dashboard = await ask(`${publicUrl}/signed-in-hint?state=1&next=/dashboard`);
    expect(dashboard.headers.get('location')).toBe('http://portal.localhost:8787/dashboard');
    expect((await ask(`${portalUrl}/signed-in-hint?state=1&next=/`)).status).toBe(404);
  });
});

/** An entry's path with each parameter filled. */
const filled = (e: Endpoint) => pathParamNames(e.path).reduce((p, name) => p.replace(`:${name}`, '1'), e.path);

describe('the API by host', () => {
  it('answers every portal-only entry on the public site 421, naming the portal, even with a valid session cookie', async () => {
    const entries = (Object.values(endpoints) as Endpoint[]).filter(portalOnly);
    expect(entries.length).toBeGreaterThan(60);
    for (const e of entries) {
      const res = await ask(publicUrl + filled(e), {
        method: e.method,
        headers: { cookie, 'content-type': 'application/json', origin: 'http://localhost:8787' },
        body: e.method === 'GET' ? undefined : '{}',
      });
      expect(res.status, `${e.method} ${e.path}`).toBe(421);
      expect(((await res.json()) as { message: string }).message).toContain('http://portal.localhost:8787');
      expect(res.headers.getSetCookie(), e.path).toEqual([]);
    }
  });

  it('reads the session on the portal only', async () => {
    expect((await ask(`${portalUrl}/api/auth/user`, { headers: { cookie } })).status).toBe(200);
    expect((await ask(`${portalUrl}/api/admin/leads?type=all`, { headers: { cookie } })).status).toBe(200);
    expect((await ask(`${publicUrl}/api/admin/leads?type=all`, { headers: { cookie } })).status).toBe(421);
  });

  it('takes anonymous lead forms and public reads on the public site', async () => {
    const lead = await ask(`${publicUrl}/api/contact-inquiry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:8787' },
      body: JSON.stringify({
        businessName: 'Kiwi Plumbing',
        contactName: 'Aroha Ngata',
        contactEmail: 'aroha@example.nz',
        servicesInterested: ['seo'],
      }),
    });
    expect(lead.status, await lead.clone().text()).toBe(201);
    expect((await ask(`${publicUrl}/api/service-packages`)).status).toBe(200);
  });

  it("refuses a write to the portal from the public site's pages, and one to the public site from the portal's", async () => {
    const login = await ask(`${portalUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:8787' },
      body: JSON.stringify({ username: 'hosted-admin', password: 'x' }),
    });
    expect(login.status).toBe(403);
    const lead = await ask(`${publicUrl}/api/contact-inquiry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://portal.localhost:8787' },
      body: '{}',
    });
    expect(lead.status).toBe(403);
  });
});

describe('the session cookie', () => {
  it('is set by the portal only, host-only (no Domain), HttpOnly and SameSite=Lax', async () => {
    const register = (url: string, name: string) =>
      ask(`${url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: name, email: `${name}@example.nz`, password: 'Kahikatea#2025' }),
      });
    const refused = await register(publicUrl, 'hostpublic');
    expect(refused.status).toBe(421);
    expect(refused.headers.getSetCookie()).toEqual([]);
    const made = await register(portalUrl, 'hostportal');
    expect(made.status).toBe(201);
    const session = cookiesOf(made).get('session')!;
    expect(session.value).not.toBe('');
    expect(session.attributes.has('domain')).toBe(false);
    expect(session.attributes.has('httponly')).toBe(true);
    expect(session.attributes.get('samesite')).toBe('Lax');
    expect(session.attributes.get('path')).toBe('/');
  });

  it("binds passkeys to the portal's host name (the WebAuthn relying party)", async () => {
    const { b } = await signedIn(t.app, t.db, 'client', 'passkey-host');
    const options = await b.post('/api/account/passkeys/options');
    expect(options.status).toBe(200);
    expect((options.json.rp as { id: string }).id).toBe('portal.localhost');
  });

  it('is `__Host-session`, Secure, when the portal is served over https', async () => {
    const s = await setupApp({ PUBLIC_ORIGIN: 'https://beloud.example' });
    try {
      const made = await s.app.request('https://portal.beloud.example/api/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'httpsuser', email: 'httpsuser@example.nz', password: 'Kahikatea#2025' }),
      });
      expect(made.status).toBe(201);
      const session = cookiesOf(made).get('__Host-session')!;
      expect(session.attributes.has('secure')).toBe(true);
      expect(session.attributes.has('domain')).toBe(false);
      expect(session.attributes.get('path')).toBe('/');
    } finally {
      await s.cleanup();
    }
  });
});

const LEGACY_TOKEN = `agd_account_${'A'.repeat(43)}`;

describe('the account remote and deploy tokens', () => {
  it('makes no deploy token for the account remote, and names the field', async () => {
    const { b } = await signedIn(t.app, t.db, 'master_admin', 'token-maker');
    const refused = await b.post('/api/admin/deploy-tokens', { remote: 'account', label: 'portal pipeline' });
    expect(refused.status).toBe(400);
    expect((refused.json.errors as Record<string, string>).remote).toMatch(/released by the agency only/);
    expect((await b.post('/api/admin/deploy-tokens', { remote: 'quoting', label: 'quoting pipeline' })).status).toBe(
      201,
    );
  });

  it("makes none for it from the operator's command line either", async () => {
    const gateway = path.resolve(import.meta.dirname, '../../..');
    const made = await promisify(execFile)(
      'pnpm',
      ['exec', 'tsx', 'src/cli/remotes.ts', 'token', 'create', 'account'],
      {
        cwd: gateway,
        env: { ...process.env, DATA_DIR: t.env.dataDir, LOG_LEVEL: 'error' },
      },
    ).then(
      () => ({ code: 0, said: '' }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, said: e.stdout + e.stderr }),
    );
    expect(made.code).not.toBe(0);
    expect(made.said).toContain('The account remote is released by the agency only');
  }, 120_000);

  it('lets no token release it over HTTP: one made for it before, nor another remote’s', async () => {
    // One made for it before it was refused (a row of an older gateway), and one for quoting.
    const [legacy] = await t.db
      .insert(deployTokens)
      .values({
        remote: 'account',
        label: 'older token',
        tokenHash: createHash('sha256').update(LEGACY_TOKEN).digest('hex'),
        createdBy: 'test',
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    expect(legacy).toBeDefined();
    const bearer = async (remote: 'account' | 'quoting') =>
      remote === 'account'
        ? LEGACY_TOKEN
        : (await createDeployToken(t.db, { remote, label: `${remote} token`, expiresInDays: 1, by: 'test' })).token;
    for (const token of [await bearer('account'), await bearer('quoting')]) {
      for (const [method, path] of [
        ['GET', '/api/releases/account'],
        ['POST', '/api/releases/account/live'],
      ] as const) {
        for (const url of [publicUrl, portalUrl]) {
          const res = await ask(url + path, {
            method,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: method === 'POST' ? JSON.stringify({ version: 'whatever' }) : undefined,
          });
          expect(res.status, `${method} ${url}${path}`).toBe(403);
          expect(((await res.json()) as { message: string }).message).toMatch(/released by the agency only/);
        }
      }
    }
    // The quoting token still releases quoting.
    const ok = await ask(`${publicUrl}/api/releases/quoting`, {
      headers: { authorization: `Bearer ${await bearer('quoting')}` },
    });
    expect(ok.status).toBe(200);
  });
});
