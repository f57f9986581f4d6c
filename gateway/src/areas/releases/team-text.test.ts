import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseActions } from '../../platform/db';
import { historyLine } from '../../cli/history-line';
import { createLogger } from '../../platform/logger';
import { signedIn } from '../../../test/auth-client';
import { remoteStore, setupApp } from '../../../test/helpers';
import { marketingBuild, shellBuild, uploadAndSeal } from '../../../test/release-client';
import { rootOf, SHELL_SERVER } from '../../../test/server-builds';

/**
 * Decision 0074: nothing a team's code or pipeline wrote is kept or shown raw. Its server code's errors become a
 * classified reason in the check report (their text reaches the gateway's log only, cut and made plain); the commit
 * and message a pipeline sends are made plain before they are stored; `remotes history` makes plain what it prints.
 */
const run = promisify(execFile);
const gatewayRoot = path.resolve(import.meta.dirname, '../../..');

/** Looks like secrets, clears the screen, colours, and reverses what follows it. */
const HOSTILE =
  '\u001b[2J\u001b[31mAWS_SECRET_ACCESS_KEY=AKIAFAKE00SECRET password=hunter2\u001b[0m\u202e\u2066gnp.exe\u2069\n    at evil (x.js:1:1)';
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;
const THROWING = `exports.pages = () => new Proxy({}, { get: () => () => { throw new Error(${JSON.stringify(HOSTILE)}); } });`;
const PROVENANCE = {
  commit: '\u001b[31mdeadbeef\u001b[0m\u202e',
  message: 'Release \u202e\u2066txt.exe\u2069 \u001b]0;owned\u0007now\nsecond line',
};

let t: Awaited<ReturnType<typeof setupApp>>;
let server: ServerType;
let origin = '';
let token = '';
let admin: Awaited<ReturnType<typeof signedIn>>['b'];
const logs: Record<string, unknown>[] = [];

const cli = async (...args: string[]) =>
  (
    await run(process.execPath, ['--import', 'tsx', 'src/cli/remotes.ts', ...args], {
      cwd: gatewayRoot,
      env: { ...process.env, DATA_DIR: t.env.dataDir, SHELL_DIR: t.env.shellDir, LOG_LEVEL: 'silent' },
    })
  ).stdout;

beforeAll(async () => {
  t = await setupApp(
    {},
    { logger: createLogger('debug', (line) => logs.push(JSON.parse(line) as Record<string, unknown>)) },
  );
  await shellBuild(t.env.shellDir, SHELL_SERVER);
  await t.app.warmRenders();
  server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ b: admin } = await signedIn(t.app, t.db, 'master_admin', 'aroha'));
  const made = await admin.post('/api/admin/deploy-tokens', { remote: 'marketing', label: 'marketing CI' });
  token = made.json.token as string;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.cleanup();
});

describe('a build whose server code throws secrets-looking text with terminal escapes and bidi overrides', () => {
  it('is refused with a classified reason per page, and neither its text nor raw provenance is stored', async () => {
    const sealed = await uploadAndSeal(
      origin,
      token,
      'marketing',
      await marketingBuild(t.root, 'throws', THROWING),
      PROVENANCE,
    );
    expect(sealed.status).toBe(200);
    const render = sealed.report!.checks.find((c) => c.name === 'render')!;
    expect(render.passed).toBe(false);
    expect(render.detail).toMatch(/^The server build failed to render: \/: threw; \/services: threw; .*: threw\.$/);
    const history = await admin.get('/api/admin/releases/marketing/history');
    expect(history.status).toBe(200);
    for (const text of [sealed.text, history.text]) {
      expect(text).not.toMatch(/AKIA|hunter2|gnp\.exe|evil/);
      expect(text).not.toMatch(UNSAFE);
      // JSON writes control characters as escapes: none was there to write.
      expect(text).not.toMatch(/\\u00(1b|0[0-9a-f]|07)|\\n/i);
    }
    const actions = (history.json as { actions: { action: string; commit: string; message: string }[] }).actions;
    // The checks' report, after their record as running (decision 0075), then the upload.
    expect(actions.map((a) => a.action)).toEqual(['checks', 'checks', 'upload']);
    for (const action of actions)
      expect(action).toMatchObject({ commit: 'deadbeef', message: 'Release txt.exe now second line' });

    // A reason with nothing left once made plain is no reason.
    const abort = await fetch(`${origin}/api/releases/marketing/abort`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: '\u202e\u001b[0m\u200b' }),
    });
    expect(abort.status).toBe(400);
    expect(await abort.text()).toContain('Please say why the canary is aborted.');
  });

  it(
    'prints plain lines in `remotes history`, and escapes what --json would hand a terminal',
    { timeout: 180_000 },
    async () => {
      // A row from before the API made such words plain.
      await t.db.insert(releaseActions).values({
        actor: 'token',
        actorName: 'old CI\u202e',
        host: 'gw\u001b[2J',
        commit: PROVENANCE.commit,
        message: PROVENANCE.message,
        action: 'abort',
        remote: 'marketing',
        version: 'x',
        details: { reason: `stopped \u001b[31m${HOSTILE}` },
      });
      const printed = await cli('history', 'marketing');
      expect(printed).toContain('commit deadbeef');
      expect(printed).toContain('"Release txt.exe now second line"');
      // The abort, the checks' report and their record as running (decision 0075), the upload.
      expect(printed.trimEnd().split('\n')).toHaveLength(4);
      expect(printed.replace(/\n/g, '')).not.toMatch(UNSAFE);
      const json = await cli('history', 'marketing', '--json');
      expect(json.replace(/\n/g, '')).not.toMatch(UNSAFE);
      expect(json).toContain('\\u202e');
      const [raw] = JSON.parse(json) as { message: string }[];
      expect(raw!.message).toBe(PROVENANCE.message);
      expect(
        historyLine({
          id: 1,
          at: new Date(),
          revision: null,
          actor: 'token',
          actorName: 'x',
          host: 'h',
          commit: null,
          message: null,
          action: 'checks',
          remote: 'marketing',
          version: 'v',
          details: { passed: false, checks: [{ name: 'render', passed: false, detail: HOSTILE }] },
        }),
      ).not.toMatch(UNSAFE);
    },
  );

  it('live, its error reaches the gateway’s log only cut and made plain, beside the classified reason', async () => {
    const version = (await remoteStore(t).publish('marketing', await marketingBuild(t.root, 'throws-live', THROWING)))
      .version;
    expect(rootOf(await (await t.app.request('/')).text())).toBe('');
    await expect
      .poll(() => logs.find((l) => String(l.msg).startsWith('server render failed') && l.version === version), {
        timeout: 20_000,
      })
      .toBeTruthy();
    const line = logs.find((l) => String(l.msg).startsWith('server render failed') && l.version === version)!;
    expect(line).toMatchObject({ reason: 'error', cause: 'threw' });
    const said = String(line.teamMessage);
    expect(said).not.toMatch(UNSAFE);
    expect([...said].length).toBeLessThanOrEqual(160);
    expect(said).toContain('AWS_SECRET_ACCESS_KEY=AKIAFAKE00SECRET');
    expect(line).not.toHaveProperty('error');
  });

  it('names what its manifest declares only made plain: a missing file and a required version', async () => {
    const dir = await marketingBuild(t.root, 'hostile-manifest', THROWING);
    const file = path.join(dir, 'mf-manifest.json');
    const manifest = JSON.parse(await readFile(file, 'utf8')) as {
      exposes: { assets: { js: { sync: string[] } } }[];
      shared: { name: string; requiredVersion?: string }[];
    };
    manifest.exposes[0]!.assets.js.sync.push(`chunk${HOSTILE}.js`);
    const react = manifest.shared.find((s) => s.name === 'react')!;
    react.requiredVersion = `^99 ${HOSTILE}`;
    await writeFile(file, JSON.stringify(manifest));
    const sealed = await uploadAndSeal(origin, token, 'marketing', dir);
    expect(sealed.status).toBe(200);
    const failed = Object.fromEntries(sealed.report!.checks.filter((c) => !c.passed).map((c) => [c.name, c.detail]));
    expect(failed.files).toMatch(/^mf-manifest\.json names 1 file the build does not have \(chunk.*\.js\)/);
    expect(failed.shared).toMatch(/react is required at \^99 /);
    expect(sealed.text).not.toMatch(UNSAFE);
    expect(sealed.text).not.toMatch(/\\u00(1b|0[0-9a-f]|07)|\\u20(2e|66|69)|\\n/i);
  });
});
