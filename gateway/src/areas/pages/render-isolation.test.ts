import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findRoute, SERVER_BUILD_FILE } from '@agency/contracts';
import { createServerRenderer } from './server-render';
import { assetUrls } from '../releases/asset-urls';
import { folderStore } from '../../platform/storage/folder-store';
import { readObject } from '../../platform/storage/object-store';
import { createLogger } from '../../platform/logger';
import { fromPeer, remoteStore, setupApp } from '../../../test/helpers';
import { publishWithServerBuild, rootOf, withShellServer } from '../../../test/server-builds';

/**
 * Decisions 0022 and 0073: a remote's server build runs in a sandboxed process with nothing of the gateway's
 * environment, a heap limit and a deadline. Each hostile build below is published into a throwaway store; the page must still answer
 * (rendered in the browser) within the deadline plus a margin, the API must answer meanwhile, no secret may appear
 * in any answer, and a healthy version published next must render.
 */
/** The production default: a process's start is not charged to the render, but a loaded two-core host is slow. */
const DEADLINE_MS = 2000;
/** Generous: the point is that the page answers at all while the render is stuck or dying, not how fast. */
const MARGIN_MS = 2500;
const SECRETS = {
  DATABASE_AUTH_TOKEN: 'secret-db-token-5bd2c1',
  SMTP_URL: 'smtp://mailer:secret-smtp-pass-77e1@mail.example:587',
  METRICS_TOKEN: 'secret-metrics-token-0a9f3e',
};

beforeAll(() => {
  // In the gateway's own environment, as in production: a process given the default environment would see them.
  Object.assign(process.env, SECRETS);
});

/** A remote server build whose home page does `body` while it renders. */
const hostile = (body: string) => `
exports.pages = () => ({
  'home-page': () => { ${body}; return '<h1>never</h1>'; },
});`;

const HOSTILE: Record<string, { build: string; outcome: string; deadlineMs?: number }> = {
  'loops forever': { build: hostile('for (;;) {}'), outcome: 'timeout' },
  'calls process.exit()': { build: hostile('process.exit(0)'), outcome: 'crash' },
  'throws from a timer': {
    build: hostile("setTimeout(() => { throw new Error('from a timer') }, 0)"),
    outcome: 'crash',
  },
  // V8 collects hard before it gives up at the heap limit: seconds on a loaded host, so this one has a longer deadline.
  'allocates until it dies': {
    build: hostile('const hoard = []; for (let i = 0; ; i++) hoard.push(new Array(1_000_000).fill(i))'),
    outcome: 'out_of_memory',
    deadlineMs: 15_000,
  },
  'rejects a promise nobody handles': {
    build: hostile("Promise.reject(new Error('nobody listens'))"),
    outcome: 'crash',
  },
  // Refused in the process (process.kill is closed), so the render fails like any throwing page.
  'signals the gateway to die': { build: hostile("process.kill(process.pid, 'SIGKILL')"), outcome: 'error' },
};

let t: Awaited<ReturnType<typeof setupApp>>;
afterEach(() => t.cleanup());

const start = (deadlineMs = DEADLINE_MS) =>
  setupApp({
    SERVER_RENDER_DEADLINE_MS: String(deadlineMs),
    SERVER_RENDER_MAX_HEAP_MB: '64',
    METRICS_TOKEN: SECRETS.METRICS_TOKEN,
  });
const metrics = async () =>
  (
    await t.app.request(
      '/metrics',
      { headers: { authorization: `Bearer ${SECRETS.METRICS_TOKEN}` } },
      fromPeer('127.0.0.1'),
    )
  ).text();
/** The home page's root: rendered as soon as a new render process is up (until then a page the browser renders). */
const homeOnceRendered = (text: string) =>
  expect.poll(async () => rootOf(await (await t.app.request('/')).text()), { timeout: 30_000 }).toContain(text);
const leaks = (text: string) => Object.values(SECRETS).some((secret) => text.includes(secret));

describe('a hostile remote server build cannot stop the gateway', () => {
  it.each(Object.entries(HOSTILE))(
    'one that %s: the page answers, rendered in the browser, and the gateway keeps answering',
    async (_, { build, outcome, deadlineMs = DEADLINE_MS }) => {
      t = await start(deadlineMs);
      await withShellServer(t);
      const version = await publishWithServerBuild(t, 'hostile', build);

      const started = performance.now();
      let pageDone = 0;
      const page = Promise.resolve(t.app.request('/')).then(async (res) => {
        pageDone = performance.now();
        return { status: res.status, html: await res.text() };
      });
      // Meanwhile the API answers (a database read) while the render is stuck or dying.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const api = await t.app.request('/api/service-packages');
      const apiDone = performance.now();
      expect(api.status).toBe(200);
      const apiText = await api.text();

      const { status, html } = await page;
      expect(status).toBe(200);
      expect(rootOf(html)).toBe('');
      expect(pageDone - started).toBeLessThan(deadlineMs + MARGIN_MS);
      if (outcome === 'timeout') expect(apiDone).toBeLessThan(pageDone);
      expect(leaks(html) || leaks(apiText)).toBe(false);

      // Counted once the render has been stopped (the page may have gone out a little before, at the deadline).
      const line = `server_renders_total{remote="marketing",version="${version}",outcome="${outcome}"} 1`;
      await expect.poll(metrics, { timeout: 30_000 }).toContain(line);
      expect(leaks(await metrics())).toBe(false);

      // A healthy version deployed next renders on the server again.
      await publishWithServerBuild(t, 'healthy');
      await homeOnceRendered('healthy home');
    },
    40_000,
  );

  it('one that reads process.env finds nothing of the gateway there', async () => {
    t = await start();
    await withShellServer(t);
    await publishWithServerBuild(
      t,
      'nosy',
      `exports.pages = () => ({ 'home-page': () => '<pre>' + JSON.stringify(process.env) + '</pre>' });`,
    );
    const html = await (await t.app.request('/')).text();
    expect(rootOf(html)).toContain(`<pre>{"NODE_ENV":"${t.env.nodeEnv}"}</pre>`);
    expect(leaks(html)).toBe(false);
  });
});

describe('a remote timer that throws after its render has ended', () => {
  it('ends only its process: the crash is counted against that version, and the next render works', async () => {
    t = await start();
    await withShellServer(t);
    const version = await publishWithServerBuild(
      t,
      'late',
      `exports.pages = () => ({
        'home-page': () => { setTimeout(() => { throw new Error('late') }, 300); return '<h1>late home</h1>'; },
      });`,
    );
    // The page itself rendered fine and is served.
    expect(rootOf(await (await t.app.request('/')).text())).toContain('late home');
    const line = `server_renders_total{remote="marketing",version="${version}",outcome="crash"} 1`;
    await expect.poll(metrics, { timeout: 30_000 }).toContain(line);
    await publishWithServerBuild(t, 'healthy');
    await homeOnceRendered('healthy home');
  });
});

describe('a remote server build reaching for the disk', () => {
  it("finds Node's routes to files closed, and reads nothing", async () => {
    t = await start();
    await withShellServer(t);
    const secretFile = path.join(t.root, 'secret.txt');
    await writeFile(secretFile, SECRETS.DATABASE_AUTH_TOKEN);
    await publishWithServerBuild(
      t,
      'reader',
      `exports.pages = () => ({
        'home-page': () => {
          const tries = [
            () => process.getBuiltinModule('fs').readFileSync(${JSON.stringify(secretFile)}, 'utf8'),
            () => process.binding('fs'),
            () => process.loadEnvFile(${JSON.stringify(secretFile)}),
          ];
          return '<pre>' + tries.map((t) => { try { return String(t()) } catch (e) { return 'refused' } }).join(' ') + '</pre>';
        },
      });`,
    );
    const html = await (await t.app.request('/')).text();
    expect(rootOf(html)).toContain('<pre>refused refused refused</pre>');
    expect(leaks(html)).toBe(false);
  });
});

describe('a failing version backs off', () => {
  it('is not rendered again on every request, and a deploy or a rollback lets it try again', async () => {
    t = await start();
    await withShellServer(t);
    const failing = await publishWithServerBuild(t, 'failing', hostile("throw new Error('broken page')"));
    const failures = async (version: string) =>
      (await metrics())
        .split('\n')
        .find((line) =>
          line.startsWith(`server_renders_total{remote="marketing",version="${version}",outcome="error"}`),
        )
        ?.split(' ')
        .at(-1);

    for (let i = 0; i < 5; i++) expect(rootOf(await (await t.app.request('/')).text())).toBe('');
    await expect.poll(() => failures(failing), { timeout: 30_000 }).toBe('1');
    for (let i = 0; i < 5; i++) expect(rootOf(await (await t.app.request('/')).text())).toBe('');
    expect(await failures(failing)).toBe('1');

    const healthy = await publishWithServerBuild(t, 'healthy');
    await homeOnceRendered('healthy home');
    await remoteStore(t).rollback('marketing');
    expect(rootOf(await (await t.app.request('/')).text())).toBe('');
    await expect.poll(() => failures(failing), { timeout: 30_000 }).toBe('2');
    expect(healthy).not.toBe(failing);
  });
});

describe('the renderer backs off per route and version', () => {
  it('tries a failing page again only once its backoff has passed, doubling it, or at once after a deploy', async () => {
    t = await start();
    await withShellServer(t);
    await publishWithServerBuild(t, 'failing', hostile("throw new Error('broken page')"));
    const failed: string[] = [];
    const renderer = createServerRenderer({
      shellDir: t.env.shellDir,
      // The stored versions read in place from the folder store, as the gateway does.
      remotes: {
        read: (name, version, file) => readObject(folderStore(t.env.remotesDir), `${name}/${version}/${file}`),
        serverBuild: (name, version) =>
          folderStore(t.env.remotesDir).localPath(`${name}/${version}/${SERVER_BUILD_FILE}`),
      },
      assets: assetUrls(undefined),
      config: () => t.env.publicConfig,
      deadlineMs: DEADLINE_MS,
      maxHeapMb: 64,
      nodeEnv: 'test',
      sandbox: 'namespaces',
      logger: createLogger('silent'),
      events: { rendered: () => undefined, failed: (_remote, _version, reason) => failed.push(reason) },
      backoff: { firstMs: 400, maxMs: 10_000 },
    });
    try {
      const route = findRoute('/')!;
      const pointer = await remoteStore(t).pointer({});
      const retry = async () => {
        const outcome = await renderer.render(route, pointer);
        if (outcome.kind !== 'failed') throw new Error(`expected a failure, got ${outcome.kind}`);
        return outcome.retryAt - Date.now();
      };

      // Every render of this version fails, so the failures counted are the renders made.
      expect(await retry()).toBeGreaterThan(200);
      expect(await retry()).toBeGreaterThan(0); // backing off: not rendered
      expect(failed).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect(await retry()).toBeGreaterThan(600); // rendered again and failed again: twice as long
      expect(failed).toHaveLength(2);
      renderer.forgetFailures(); // a deploy or rollback
      await retry();
      expect(failed).toEqual(['error', 'error', 'error']);
    } finally {
      await renderer.close();
    }
  });
});
