import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogView as auditLog, deployTokens, releaseActions } from '../../platform/db';
import { pruneUploads } from './uploads';
import { signedIn } from '../../../test/auth-client';
import { remoteStore, setupApp } from '../../../test/helpers';

// Decision 0059: a pipeline releases its remote through HTTP with a deploy token, from a copy of the remote's folder that
// has no workspace, gateway or database beside it; the pre-flight checks refuse what would break the site.

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../../..');
const quotingDist = path.join(repo, 'mfe-quoting/dist');

let t: Awaited<ReturnType<typeof setupApp>>;
let server: ServerType;
let origin: string;
let work: string;
let copy: string;
let token: string;
let admin: Awaited<ReturnType<typeof signedIn>>['b'];

/** A request over real HTTP, as a pipeline makes it. */
async function http(
  method: string,
  apiPath: string,
  { bearer, body, headers = {} }: { bearer?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(origin + apiPath, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: (text ? JSON.parse(text) : {}) as { message?: string; token?: string; live?: string | null },
  };
}

/** `pnpm run deploy ...` in the copied folder, as a pipeline step runs it; its exit code and output. */
async function deploy(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run('pnpm', ['run', '--silent', 'deploy', '--to', origin, '--no-build', ...args], {
      cwd: copy,
      env: { ...process.env, DEPLOY_TOKEN: token, ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** A copy of the quoting build, changed by `edit` (the manifest as JSON, the folder for anything else). */
/** The parts of a federation manifest the variants edit. */
interface FederationManifest {
  shared: { name: string; version: string }[];
  exposes: { name: string; assets: { js: { sync: string[] } } }[];
}

async function variant(label: string, edit: (manifest: FederationManifest, dir: string) => Promise<void> | void) {
  const dir = path.join(work, `variant-${label}`);
  await cp(quotingDist, dir, { recursive: true });
  const manifest = JSON.parse(await readFile(path.join(dir, 'mf-manifest.json'), 'utf8')) as FederationManifest;
  await edit(manifest, dir);
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  // A different build: one chunk changes, so the version does too.
  await writeFile(path.join(dir, `variant-${label}.txt`), label);
  return dir;
}

beforeAll(async () => {
  // The real shell's build: its server build renders the pages, its manifest lists the singletons it provides.
  t = await setupApp({ SHELL_DIR: path.join(repo, 'shell/dist') });
  server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Quoting and marketing are live from the operator's CLI, as `pnpm build` leaves them.
  await remoteStore(t).publish('marketing', path.join(repo, 'mfe-marketing/dist'));
  await remoteStore(t).publish('quoting', quotingDist);

  // The quoting team's folder, copied where no workspace is: package.json, its build, and the deploy client as
  // `pnpm install` links it (node_modules/.bin/agency-deploy from @agency/contracts).
  work = await mkdtemp(path.join(tmpdir(), 'quoting-pipeline-'));
  copy = path.join(work, 'mfe-quoting');
  await mkdir(copy);
  await cp(path.join(repo, 'mfe-quoting/package.json'), path.join(copy, 'package.json'));
  await cp(quotingDist, path.join(copy, 'dist'), { recursive: true });
  // The team's next build: one file differs from the live one.
  await writeFile(path.join(copy, 'dist/release-note.txt'), 'first release from CI');
  const client = path.join(copy, 'node_modules/@agency/contracts');
  await mkdir(path.join(client, 'bin'), { recursive: true });
  await cp(path.join(repo, 'contracts/bin/deploy-remote.mjs'), path.join(client, 'bin/deploy-remote.mjs'));
  await mkdir(path.join(copy, 'node_modules/.bin'));
  const shim = path.join(copy, 'node_modules/.bin/agency-deploy');
  await writeFile(shim, `#!/bin/sh\nexec node "$(dirname "$0")/../@agency/contracts/bin/deploy-remote.mjs" "$@"\n`);
  await chmod(shim, 0o755);

  ({ b: admin } = await signedIn(t.app, t.db, 'master_admin', 'aroha'));
  const made = await admin.post('/api/admin/deploy-tokens', { remote: 'quoting', label: 'quoting CI' });
  expect(made.status).toBe(201);
  token = made.json.token as string;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.cleanup();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('deploy tokens', () => {
  it('are shown once, stored as a hash, expire in 90 days by default, and their making is audited', async () => {
    expect(token).toMatch(/^agd_quoting_[\w-]{43}$/);
    const [row] = await t.db.select().from(deployTokens);
    expect(row!.tokenHash).not.toContain(token.slice(12));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    const listed = await admin.get('/api/admin/deploy-tokens');
    expect(JSON.stringify(listed.json)).not.toContain(token);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'deploy-token.create'));
    expect(audit).toEqual([
      expect.objectContaining({ actor: 'aroha@example.nz', subject: 'deploy-token:quoting:quoting CI' }),
    ]);
  });

  it("are refused (403) on another remote's release API and on every other API, and never act as a session", async () => {
    expect((await http('GET', '/api/releases/quoting', { bearer: token })).status).toBe(200);
    const marketing = await http('POST', '/api/releases/marketing/rollback', { bearer: token, body: {} });
    expect(marketing.status).toBe(403);
    expect(marketing.json.message).toBe('This deploy token is for quoting only.');
    for (const [method, p] of [
      ['GET', '/api/admin/releases'],
      ['GET', '/api/auth/user'],
      ['GET', '/api/admin/deploy-tokens'],
      ['POST', '/api/admin/releases/quoting/promote'],
    ] as const)
      expect((await http(method, p, { bearer: token })).status, p).toBe(403);
    // A master admin's session cookie beside the token changes nothing: the token request is never a session's.
    const cookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await http('GET', '/api/admin/releases', { bearer: token, headers: { cookie } })).status).toBe(403);
    // And the release API reads no cookie: the master admin's session alone does not open it.
    expect((await http('GET', '/api/releases/quoting', { headers: { cookie } })).status).toBe(401);
  });
});

describe('a pipeline releasing quoting from a copy of its folder', () => {
  let first: string;

  it('uploads the build, passes the checks and makes it live, recording who, commit and message', async () => {
    const { code, out } = await deploy(['--commit', 'abc1234', '--message', 'Quote form copy edits']);
    expect(out).toMatch(/pass {2}manifest: /);
    expect(out).toMatch(/pass {2}render: All 7 public pages rendered/);
    expect(out).toMatch(/pass {2}budget: /);
    expect(code, out).toBe(0);
    // Every other file is held already, under the live version: only the new one is sent.
    expect(out).toMatch(/files, 1 to send/);
    first = /quoting (\S+): \d+ files/.exec(out)![1]!;
    expect(out).toContain(`quoting: live ${first}, no canary`);
    const state = await http('GET', '/api/releases/quoting', { bearer: token });
    expect(state.json).toEqual({ remote: 'quoting', live: first, canary: null });
    const actions = await t.db
      .select()
      .from(releaseActions)
      .where(and(eq(releaseActions.remote, 'quoting'), eq(releaseActions.version, first)))
      .orderBy(releaseActions.id);
    expect(actions.map((a) => [a.action, a.actor, a.actorName, a.commit, a.message])).toEqual([
      ['upload', 'token', 'quoting CI', 'abc1234', 'Quote form copy edits'],
      ['checks', 'token', 'quoting CI', 'abc1234', 'Quote form copy edits'],
      ['checks', 'token', 'quoting CI', 'abc1234', 'Quote form copy edits'],
      ['publish', 'token', 'quoting CI', 'abc1234', 'Quote form copy edits'],
    ]);
    // The checks are recorded as running before they start (nothing selects the version meanwhile), then passed.
    expect(actions[1]!.details).toEqual({ running: true });
    expect(actions[2]!.details).toMatchObject({ passed: true });
  }, 120_000);

  it('sends only the files the store does not hold, and starts a canary', async () => {
    await writeFile(path.join(copy, 'dist/release-note.txt'), 'second release from CI');
    const { code, out } = await deploy(['--canary', '20', '--commit', 'def5678']);
    expect(code, out).toBe(0);
    expect(out).toMatch(/files, 1 to send/);
    const second = /quoting (\S+): \d+ files/.exec(out)![1]!;
    expect(second).not.toBe(first);
    expect(out).toContain(`quoting: live ${first}, canary ${second} for 20% of visitors`);
    // Promote and abort through the API, each answer saying what is live and what is canary.
    const promoted = await http('POST', '/api/releases/quoting/promote', { bearer: token, body: {} });
    expect(promoted.json).toEqual({ remote: 'quoting', live: second, canary: null });
    const back = await http('POST', '/api/releases/quoting/rollback', { bearer: token, body: { message: 'undo' } });
    expect(back.json).toEqual({ remote: 'quoting', live: first, canary: null });
  }, 120_000);
});

describe('an upload never sealed', () => {
  it('is left until a day has passed, then `remotes prune` removes its declaration', async () => {
    const hash = 'a'.repeat(64);
    const plan = await http('POST', '/api/releases/quoting/uploads', {
      bearer: token,
      body: { buildVersion: '9.9.9', files: [{ path: 'mf-manifest.json', size: 10, sha256: hash }] },
    });
    expect(plan.status).toBe(200);
    const declared = (plan.json as { version: string }).version;
    expect(await pruneUploads(t.stores.remotes)).toEqual([]);
    expect(await pruneUploads(t.stores.remotes, Date.now() + 2 * 86_400_000)).toEqual([
      `.uploads/quoting/${declared}.json`,
    ]);
    // Its files can no longer be sent: the declaration is gone.
    const late = await fetch(`${origin}/api/releases/quoting/uploads/${declared}/files/${hash}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: 'x'.repeat(10),
    });
    expect(late.status).toBe(404);
  });
});

describe('pre-flight checks', () => {
  async function refused(label: string, dir: string) {
    const { code, out } = await deploy(['--dist', dir]);
    expect(code, out).toBe(1);
    expect(out).toContain('was refused by its pre-flight checks; nothing was released');
    const version = /quoting (\S+): \d+ files/.exec(out)![1]!;
    // Kept for inspection, never live: not through the API, nor the operator's CLI publishing the same build.
    const live = await http('POST', '/api/releases/quoting/live', { bearer: token, body: { version } });
    expect(live.status, label).toBe(409);
    expect(live.json.message).toContain('was refused by its pre-flight checks, so it can never be live');
    await expect(remoteStore(t).publish('quoting', dir)).rejects.toThrow(/can never be live/);
    expect((await http('GET', '/api/releases/quoting', { bearer: token })).json.live).not.toBe(version);
    return out;
  }

  it('refuse a build that does not expose a page the route table gives it', async () => {
    const dir = await variant('missing-page', (m) => {
      m.exposes = m.exposes.filter((e) => e.name !== 'custom-quote-page');
    });
    const out = await refused('missing page', dir);
    expect(out).toContain(
      'FAIL  pages: The build does not expose custom-quote-page, which the route table gives quoting.',
    );
  }, 120_000);

  it('refuse a build made against another React major', async () => {
    const dir = await variant('react-18', (m) => {
      for (const s of m.shared) if (s.name.startsWith('react')) s.version = '18.3.1';
    });
    const out = await refused('react 18', dir);
    expect(out).toMatch(
      /FAIL {2}shared: Shared modules differ from the shell’s: .*react-dom\/client 18\.3\.1 does not match the shell’s 19\./,
    );
  }, 120_000);

  it('refuse a build whose server render throws', async () => {
    const dir = await variant('throws', async (_m, d) => {
      await writeFile(
        path.join(d, 'ssr/server.cjs'),
        `exports.pages = () => new Proxy({}, { get: () => () => { throw new Error('the quote page exploded on the server'); } });`,
      );
    });
    const out = await refused('server render throws', dir);
    expect(out).toContain('FAIL  render: The server build failed to render: /website-calculator: threw');
    // The reason is classified: the team's own error text is kept nowhere (decision 0074).
    expect(out).not.toContain('exploded');
  }, 120_000);

  it('refuse a page whose initial JavaScript is over the budget', async () => {
    const dir = await variant('heavy', async (m, d) => {
      // 200 KiB that gzip cannot shrink, loaded up front by the calculator page: far over quoting's 70 KiB.
      await writeFile(path.join(d, 'heavy.js'), randomBytes(200 * 1024).toString('base64'));
      m.exposes.find((e) => e.name === 'website-calculator-page')!.assets.js.sync.push('heavy.js');
    });
    const out = await refused('over budget', dir);
    expect(out).toMatch(
      /FAIL {2}budget: Initial JavaScript over the 70\.0 KiB budget: website-calculator-page \d+\.\d KiB\./,
    );
  }, 120_000);
});

describe('revoked, expired and guessed tokens', () => {
  it('get 401 once revoked or expired, and revocation is audited', async () => {
    const made = await admin.post('/api/admin/deploy-tokens', {
      remote: 'quoting',
      label: 'old laptop',
      expiresInDays: 1,
    });
    const other = made.json.token as string;
    expect((await http('GET', '/api/releases/quoting', { bearer: other })).status).toBe(200);
    const [row] = await t.db.select().from(deployTokens).where(eq(deployTokens.label, 'old laptop'));
    expect(row!.lastUsedAt).not.toBeNull();
    await t.db
      .update(deployTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deployTokens.id, row!.id));
    const expired = await http('GET', '/api/releases/quoting', { bearer: other });
    expect(expired).toEqual({
      status: 401,
      json: { message: 'That deploy token has expired: ask a master admin for a new one.' },
    });

    expect(
      (await admin.del(`/api/admin/deploy-tokens/${(await t.db.select().from(deployTokens))[0]!.id}`)).status,
    ).toBe(204);
    const revoked = await http('POST', '/api/releases/quoting/live', { bearer: token, body: { version: 'x' } });
    expect(revoked.status).toBe(401);
    expect(revoked.json.message).toContain('revoked');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'deploy-token.revoke'));
    expect(audit).toEqual([
      expect.objectContaining({ actor: 'aroha@example.nz', subject: 'deploy-token:quoting:quoting CI' }),
    ]);
  });

  it('are limited per address like failed sign-ins', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await http('GET', '/api/releases/quoting', { bearer: `agd_quoting_${'x'.repeat(43)}` })).status);
    // Failures counted earlier (the expired and revoked tokens) count too: 20 per address, then 429.
    const first429 = statuses.indexOf(429);
    expect(first429).toBeGreaterThan(10);
    expect(statuses.slice(0, first429).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(first429).every((s) => s === 429)).toBe(true);
    const res = await fetch(`${origin}/api/releases/quoting`, {
      headers: { authorization: `Bearer agd_quoting_${'y'.repeat(43)}` },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
