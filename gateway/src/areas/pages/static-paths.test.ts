import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BUILD_FILE } from '@agency/contracts';
import { fakeRemoteBuild, remoteStore, setupApp } from '../../../test/helpers';

/**
 * Decision 0024: only files of the browser builds are ever served. Every static root is walked with the usual ways
 * of writing a path differently, aiming at the server builds (a remote's and the shell's), the shell's template and
 * the database, both through `app.request` and as raw bytes over a real socket (a client would normalise the URL).
 */
const SECRET_MARK = 'SERVER-ONLY-5f3c9a';
const TEMPLATE_MARK = '<!--app-head-->';

let t: Awaited<ReturnType<typeof setupApp>>;
let server: ServerType;
let port: number;
let version: string;

beforeAll(async () => {
  t = await setupApp({});
  // A published remote with a server build (and a symlink its team slipped in, pointing at the database).
  const build = await fakeRemoteBuild(t.root, 'one');
  await mkdir(path.join(build, 'ssr'), { recursive: true });
  await writeFile(path.join(build, SERVER_BUILD_FILE), `/* ${SECRET_MARK} */ exports.pages = () => ({});`);
  await symlink(path.join(t.env.dataDir, 'agency.db'), path.join(build, 'data.0123456789.js'));
  ({ version } = await remoteStore(t).publish('marketing', build));
  // The shell's server build and its template (the test shell's index.html carries the app-head marker).
  await mkdir(path.join(t.env.shellDir, 'ssr'), { recursive: true });
  await writeFile(path.join(t.env.shellDir, SERVER_BUILD_FILE), `/* ${SECRET_MARK} */`);
  await mkdir(t.env.mediaDir, { recursive: true });
  await writeFile(path.join(t.env.mediaDir, 'audio.mp3'), 'ID3 audio');

  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.cleanup();
});

/** A GET with the path exactly as written: no client-side normalisation or re-encoding. */
function raw(rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Ways to write `target` (a path with slashes) below a root: separators, dots, encodings, case. */
function spellings(target: string): string[] {
  const [dir, ...rest] = target.split('/');
  const file = rest.join('/');
  const enc = (s: string) => s.replace(/\//g, '%2f');
  return [
    target,
    enc(target),
    target.replace(/\//g, '%2F'),
    target.replace(/\//g, '%5c'),
    target.replace(/\//g, '%5C'),
    `/${target}`,
    `${dir}//${file}`,
    `./${target}`,
    `${dir}/./${file}`,
    `${dir}%2f.%2f${file}`,
    `x/../${target}`,
    `x%2f..%2f${enc(target)}`,
    `x/..%2f${enc(target)}`,
    `%2e%2e/x/../${target}`,
    target.replace(/\//g, '%252f'),
    `x%252f..%252f${target}`,
    target.toUpperCase(),
    `${dir?.toUpperCase()}/${file}`,
    target.replace(/s/g, '%73').replace(/e/g, '%65'),
    `${target}%00`,
    `${target}%00.js`,
    `${target}/`,
    `${target}?download=1`,
  ];
}

/** What must never come back with a 200: a server build, the raw template, the database. */
const forbidden = (body: string) =>
  body.includes(SECRET_MARK) || body.includes(TEMPLATE_MARK) || body.startsWith('SQLite format');

describe('static roots serve only the browser builds, however the path is written', () => {
  const probes = () => {
    const remote = `/mfe/marketing/${version}/`;
    return [
      // A remote's own server build, and from its version folder up into the store.
      ...spellings(SERVER_BUILD_FILE).map((p) => remote + p),
      ...spellings(`../${version}/${SERVER_BUILD_FILE}`).map((p) => remote + p),
      ...spellings('../../pointer-state.json').map((p) => remote + p),
      ...spellings('../../../agency.db').map((p) => remote + p),
      remote + 'data.0123456789.js',
      // The shell's assets: its server build and its template are one level up.
      ...spellings(`../${SERVER_BUILD_FILE}`).map((p) => `/assets/${p}`),
      ...spellings('../index.html').map((p) => `/assets/${p}`),
      // Root files.
      ...spellings(SERVER_BUILD_FILE).map((p) => `/${p}`),
      ...spellings('index.html').map((p) => `/${p}`),
      '/INDEX.HTML',
      '/%69ndex.html',
      // Media: the data folder (database, remote store) is its parent.
      ...spellings('../agency.db').map((p) => `/media/${p}`),
      ...spellings(`../remotes/marketing/${version}/${SERVER_BUILD_FILE}`).map((p) => `/media/${p}`),
    ];
  };

  it('through the app: never a 200 with a server build, the template or the database', async () => {
    const served: string[] = [];
    for (const p of probes()) {
      let res: Response;
      try {
        res = await t.app.request(p);
      } catch {
        continue; // a URL the Request constructor refuses never reaches the gateway
      }
      const body = await res.text();
      if (res.status === 200 && forbidden(body)) served.push(p);
      expect(res.status, p).toBeLessThan(500);
    }
    expect(served).toEqual([]);
  });

  it('over a real socket, as the bytes were sent: the same', async () => {
    const served: string[] = [];
    for (const p of probes()) {
      const { status, body } = await raw(p);
      if (status === 200 && forbidden(body)) served.push(p);
      expect(status, p).toBeLessThan(500);
    }
    expect(served).toEqual([]);
  });

  it('still serves the browser builds from every root', async () => {
    const remote = `/mfe/marketing/${version}/`;
    for (const p of [
      `${remote}remoteEntry.js`,
      `${remote}__federation_expose_page.0123456789.js`,
      `${remote}__federation_expose_page%2e0123456789.js`,
      '/assets/main.0123456789.js',
      '/favicon.svg',
      '/media/audio.mp3',
    ]) {
      expect((await raw(p)).status, p).toBe(200);
      expect((await t.app.request(p)).status, p).toBe(200);
    }
  });
});
