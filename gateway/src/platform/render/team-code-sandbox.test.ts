import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@agency/contracts';
import { marketingBuild, shellBuild, uploadAndSeal } from '../../../test/release-client';
import { rootOf } from '../../../test/server-builds';

/**
 * Decision 0073 from outside: a real gateway process (from source) holding planted secrets in its environment runs a
 * team's server build that looks for them everywhere it can think of, and tries the network, in the pre-flight check
 * (its server code in the render check, its browser code in the entry check) and in a live page render. It learns
 * nothing and reaches nothing.
 *
 * The shell's server build here hands Node's `fs`, `net` and `child_process` to the remote's code on purpose: as if
 * the remote had found its way around every JavaScript-level closing, so only the process's walls are tested.
 */
const run = promisify(execFile);
const gatewayRoot = path.resolve(import.meta.dirname, '../../..');
const SECRETS = {
  FAKE_SECRET: 'fake-secret-value-6f1e2d9c',
  METRICS_TOKEN: 'metrics-token-secret-41b7c0e2a9',
  SMTP_URL: 'smtp://mailer:smtp-password-secret-93ad@127.0.0.1:2',
  DATABASE_AUTH_TOKEN: 'database-token-secret-0c5e77',
  RUM_TOKEN_KEY: 'rum-token-key-secret-8d2f61a4b3c9e0f7a1d5',
  // Unused by a folder store, but set as a host with a bucket has them.
  AWS_ACCESS_KEY_ID: 'AKIAEXAMPLESECRET0042',
  AWS_SECRET_ACCESS_KEY: 'aws-secret-access-key-secret-5e0b',
};
const secretValues = [...Object.values(SECRETS), 'smtp-password-secret-93ad'];
const leaks = (text: string) => secretValues.filter((secret) => text.includes(secret));

const LEAKY_SHELL = `
exports.shared = {
  react: {},
  'node:fs': require('node:fs'),
  'node:net': require('node:net'),
  'node:child_process': require('node:child_process'),
};
exports.render = async ({ page }) => {
  const markup = page.component();
  const reached = await page.component.reach();
  return '<div class="layout">' + markup + reached + '</div>';
};`;

/**
 * Every way to the gateway's secrets and the network the build tries. It throws when anything it read names one of
 * the secrets' variables, with what it read in the message, so a passing check means it learned nothing (and a
 * report keeping error text would show it). In a live render it shows what it found.
 */
function nosyServer(o: { gatewayPid: number; database: string; port: number; modules: string[] }) {
  return `
const fs = require('node:fs');
const net = require('node:net');
const cp = require('node:child_process');
const NAMES = /${Object.keys(SECRETS).join('|')}/;
function probe() {
  const found = {};
  const attempt = (name, read) => {
    try { found[name] = String(read()); } catch (e) { found[name] = 'refused ' + String((e && (e.code || e.name)) || e); }
  };
  attempt('env', () => JSON.stringify(process.env));
  attempt('report', () => JSON.stringify(process.report.getReport()));
  attempt('self-environ', () => fs.readFileSync('/proc/self/environ', 'latin1'));
  attempt('gateway-environ', () => fs.readFileSync('/proc/${o.gatewayPid}/environ', 'latin1'));
  attempt('parent-environ', () => fs.readFileSync('/proc/' + process.ppid + '/environ', 'latin1'));
  attempt('database', () => fs.readFileSync(${JSON.stringify(o.database)}, 'latin1'));
  attempt('descriptors', () => {
    let text = '';
    for (let fd = 3; fd < 256; fd++) {
      try {
        if (!fs.fstatSync(fd).isFile()) continue;
        const bytes = Buffer.alloc(65536);
        text += bytes.toString('latin1', 0, fs.readSync(fd, bytes, 0, bytes.length, 0));
      } catch {}
    }
    return text || 'none';
  });
  attempt('exec', () => cp.execSync('cat /proc/${o.gatewayPid}/environ; env').toString());
  return found;
}
function reach() {
  const outcome = (name, start) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve(name + ': no answer'), 3000);
      const done = (what) => { clearTimeout(timer); resolve(name + ': ' + what); };
      try { start(done); } catch (e) { done('refused ' + String((e && (e.code || e.name)) || e)); }
    });
  return Promise.all([
    outcome('socket', (done) => {
      const s = net.connect(${o.port}, '127.0.0.1');
      s.on('connect', () => { s.destroy(); done('connected'); });
      s.on('error', (e) => done('failed ' + e.code));
    }),
    outcome('fetch', (done) =>
      fetch('http://127.0.0.1:${o.port}/').then(() => done('connected'), (e) => done('failed ' + String(e.cause && e.cause.code || e)))),
    outcome('websocket', (done) => {
      const w = new WebSocket('ws://127.0.0.1:${o.port}/');
      w.onopen = () => { w.close(); done('connected'); };
      w.onerror = () => done('failed');
    }),
  ]).then((lines) => '<pre id="reach">' + lines.join('\\n') + '</pre>');
}
exports.pages = () => {
  const page = () => {
    const found = probe();
    const learned = Object.keys(found).filter((name) => NAMES.test(found[name]));
    // What it found goes into its error, which the old checks stored in the report and the release history.
    const excerpts = learned.flatMap((name) => found[name].match(new RegExp('(' + NAMES.source + ').{0,120}', 'g')) || []);
    if (learned.length) throw new Error('learned from ' + learned.join(', ') + ': ' + excerpts.join(' | '));
    return '<pre id="probe">' + JSON.stringify(found).replace(/</g, '\\\\u003c') + '</pre>';
  };
  page.reach = reach;
  return Object.fromEntries(${JSON.stringify(o.modules)}.map((m) => [m, page]));
};`;
}

/**
 * Put before the build's remote entry: it leaves the entry check's `vm` context (through the host's `Function`, which
 * every object handed in from outside leads to) and looks for the secrets and the gateway as the server build does.
 * It throws, so the entry check fails, unless it got out and found nothing: an environment with nothing in it, no
 * file, no network interface, no gateway process, and another user than the gateway's root.
 */
function nosyEntry(o: { gatewayPid: number; database: string; port: number }) {
  return `;(function () {
  var host = URL.constructor('return process')();
  if (!host || typeof host.getBuiltinModule !== 'function') throw new Error('still inside the vm context');
  var fs = host.getBuiltinModule('node:fs');
  var learned = [];
  var names = /${Object.keys(SECRETS).join('|')}/;
  if (Object.keys(host.env).length) learned.push('env');
  if (names.test(JSON.stringify(host.report.getReport()))) learned.push('report');
  ['/proc/self/environ', '/proc/${o.gatewayPid}/environ', ${JSON.stringify(o.database)}].forEach(function (file) {
    try { fs.readFileSync(file); learned.push(file); } catch (e) {}
  });
  if (Object.keys(host.getBuiltinModule('node:os').networkInterfaces()).length) learned.push('network interfaces');
  try { host.kill(${o.gatewayPid}, 0); learned.push('the gateway process'); } catch (e) {}
  if (${process.getuid?.() === 0} && host.getuid() !== 65534) learned.push('runs as uid ' + host.getuid());
  try { host.getBuiltinModule('node:net').connect(${o.port}, '127.0.0.1').on('error', function () {}); } catch (e) {}
  try { URL.constructor('return fetch')()('http://127.0.0.1:${o.port}/').catch(function () {}); } catch (e) {}
  if (learned.length) throw new Error('learned ' + learned.join(', '));
})();`;
}

let root = '';
let gateway: ChildProcess | undefined;
let listener: Server;
let connections = 0;
const logs: string[] = [];
let origin = '';
let env: NodeJS.ProcessEnv = {};

const cli = async (...args: string[]) =>
  (await run(process.execPath, ['--import', 'tsx', 'src/cli/remotes.ts', ...args], { cwd: gatewayRoot, env })).stdout;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'team-code-sandbox-'));
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  await shellBuild(path.join(root, 'shell'), LEAKY_SHELL);
  env = {
    ...process.env,
    ...SECRETS,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(root, 'data'),
    SHELL_DIR: path.join(root, 'shell'),
    NODE_ENV: 'production',
    LOG_LEVEL: 'debug',
    // As test gateways do on a busy machine (production keeps 2 s).
    SERVER_RENDER_DEADLINE_MS: '20000',
    // Not what this test is about: the real build's size may change.
    RELEASE_JS_BUDGET_KB_MARKETING: '1000',
  };
  gateway = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: gatewayRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const listening = new Promise<string>((resolve, reject) => {
    let buffer = '';
    const read = (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const line of parts) {
        logs.push(line);
        const match = /"msg":"listening","url":"([^"]+)"/.exec(line);
        if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    gateway!.stdout!.on('data', read);
    gateway!.stderr!.on('data', read);
    gateway!.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
  });
  origin = await listening;
}, 120_000);

afterAll(async () => {
  gateway?.kill('SIGKILL');
  listener?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a team server build hunting for the gateway’s secrets and the network', () => {
  let token = '';
  let version = '';
  let build = '';

  it('learns nothing and reaches nothing in the pre-flight check', { timeout: 180_000 }, async () => {
    token = /agd_marketing_[\w-]+/.exec(await cli('token', 'create', 'marketing', '--label', 'probe'))![0];
    const where = {
      gatewayPid: gateway!.pid!,
      database: path.join(root, 'data', 'agency.db'),
      port: (listener.address() as { port: number }).port,
    };
    const modules = [...new Set(routes.filter((r) => r.owner === 'marketing').map((r) => r.module))];
    build = await marketingBuild(root, 'nosy', nosyServer({ ...where, modules }), nosyEntry(where));
    const sealed = await uploadAndSeal(origin, token, 'marketing', build);
    expect(sealed.status, sealed.text).toBe(200);
    version = sealed.version;
    // Its remote entry ran in the entry check, got out of the vm and found nothing (or the check would fail).
    expect(sealed.report?.checks.find((c) => c.name === 'entry')).toMatchObject({ passed: true });
    // Every public page rendered without the build finding a secret's name anywhere it looked.
    expect(sealed.report?.checks.find((c) => c.name === 'render')?.detail).toMatch(/^All \d+ public pages rendered/);
    expect(sealed.report?.checks.filter((c) => !c.passed)).toEqual([]);
    expect(sealed.report?.passed).toBe(true);
    expect(leaks(sealed.text)).toEqual([]);
    expect(connections).toBe(0);
  });

  it('learns nothing and reaches nothing in a live page render', { timeout: 120_000 }, async () => {
    const live = await fetch(`${origin}/api/releases/marketing/live`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version }),
    });
    expect(live.status).toBe(200);
    let html = '';
    await expect
      .poll(
        async () => {
          html = await (await fetch(`${origin}/`)).text();
          return rootOf(html) ?? '';
        },
        { timeout: 60_000 },
      )
      .toContain('<pre id="probe">');
    const found = JSON.parse(/<pre id="probe">(.*?)<\/pre>/.exec(html)![1]!) as Record<string, string>;
    // Its whole environment, and the report's, is NODE_ENV.
    expect(JSON.parse(found.env!)).toEqual({ NODE_ENV: 'production' });
    expect(Object.keys(JSON.parse(found.report!).environmentVariables)).toEqual(['NODE_ENV']);
    // Files, other processes and the network are refused by the process's walls.
    for (const name of ['self-environ', 'gateway-environ', 'parent-environ', 'database', 'exec'])
      expect(found[name], name).toMatch(/^refused/);
    expect(found.descriptors).toBe('none');
    const reach = /<pre id="reach">([\s\S]*?)<\/pre>/.exec(html)![1]!;
    expect(reach).not.toContain('connected');
    expect(reach.split('\n')).toHaveLength(3);
    expect(leaks(html)).toEqual([]);
    expect(connections).toBe(0);
  });

  it('leaves nothing of the secrets in the release history, /metrics or the logs', { timeout: 60_000 }, async () => {
    expect(leaks(await cli('history', 'marketing'))).toEqual([]);
    expect(leaks(await cli('history', 'marketing', '--json'))).toEqual([]);
    const metrics = await fetch(`${origin}/metrics`, {
      headers: { authorization: `Bearer ${SECRETS.METRICS_TOKEN}` },
    });
    expect(metrics.status).toBe(200);
    expect(leaks(await metrics.text())).toEqual([]);
    expect(logs.length).toBeGreaterThan(0);
    expect(leaks(logs.join('\n'))).toEqual([]);
    expect(connections).toBe(0);
  });
});
