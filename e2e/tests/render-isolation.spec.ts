import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_BUILD_FILE } from '@agency/contracts';
import { startGateway, type RunningGateway } from '@agency/gateway/testing';
import { repoRoot } from '../support/paths';
import { expect, test } from '../support/fixtures';

/**
 * Decisions 0022 and 0073 on the built gateway: a marketing release whose server build is hostile (its browser build
 * is the real one) is published with the `remotes` CLI. The home page must still answer, rendered in the browser,
 * with the API answering meanwhile and none of the gateway's secrets in any answer, nor any connection to a listener
 * the build calls; a rollback brings server rendering back.
 */
const SECRETS = {
  METRICS_TOKEN: 'e2e-secret-metrics-token-81c4',
  AGENCY_E2E_SECRET: 'e2e-secret-in-the-environment-3f0d',
  SMTP_URL: 'smtp://mailer:e2e-smtp-password-5a1c@127.0.0.1:2',
};
// A listener the hostile build calls: it must never see a connection.
let connections = 0;
const listener = createServer((socket) => {
  connections++;
  socket.destroy();
});
const HOSTILE: Record<string, (port: number) => string> = {
  'loops forever': () => 'for (;;) {}',
  'calls process.exit()': () => 'process.exit(1)',
  'prints process.env': () => "return React.createElement('pre', null, JSON.stringify(process.env))",
  'prints process.report and calls out': (port) =>
    `fetch('http://127.0.0.1:${port}/').catch(() => null);
    return React.createElement('pre', null, JSON.stringify(process.report.getReport().environmentVariables))`,
};

async function hostileMarketingBuild(body: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'agency-hostile-marketing-'));
  await cp(path.join(repoRoot, 'mfe-marketing/dist'), dir, { recursive: true });
  await writeFile(
    path.join(dir, SERVER_BUILD_FILE),
    `const React = require('react');
exports.pages = () => ({ 'home-page': function HostileHome() { ${body}; return null; } });`,
  );
  return dir;
}

const leaks = (text: string) => Object.values(SECRETS).some((secret) => text.includes(secret));
const renderedOnServer = (html: string) => !html.includes('<div id="root"></div>');

test.describe('a hostile remote server build cannot stop the gateway nor learn its secrets (decisions 0022, 0073)', () => {
  let gateway: RunningGateway;
  const builds: string[] = [];
  test.beforeAll(async () => {
    // Publishing the built remotes and starting a gateway: minutes on a busy two-core machine.
    test.setTimeout(300_000);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    // Long enough for a healthy render on a busy two-core machine, short enough for the loop's to end soon.
    gateway = await startGateway({ ...SECRETS, SERVER_RENDER_DEADLINE_MS: '5000' });
  });
  test.afterAll(async () => {
    await gateway?.stop();
    listener.close();
    for (const dir of builds) await rm(dir, { recursive: true, force: true });
  });

  for (const [name, body] of Object.entries(HOSTILE)) {
    test(`one that ${name}: visitors still get the page, and the gateway keeps answering`, async ({ page }) => {
      // A render past the deadline on a busy machine backs off (10 s, doubling) before the page is tried again.
      test.setTimeout(300_000);
      const settled = { timeout: 90_000 };
      await expect
        .poll(async () => renderedOnServer(await (await fetch(`${gateway.url}/`)).text()), settled)
        .toBe(true);
      const build = await hostileMarketingBuild(body((listener.address() as { port: number }).port));
      builds.push(build);
      // The pre-flight checks would refuse it: the operator's break-glass publish makes it live anyway, as hostile
      // code the checks cannot see would be (decision 0080).
      await gateway.remotes('publish', 'marketing', build, '--skip-checks');

      const [home, api] = await Promise.all([
        fetch(`${gateway.url}/`).then(async (r) => ({ status: r.status, html: await r.text() })),
        new Promise((resolve) => setTimeout(resolve, 100)).then(() => fetch(`${gateway.url}/api/service-packages`)),
      ]);
      expect(home.status).toBe(200);
      expect(api.status).toBe(200);
      expect(leaks(home.html) || leaks(await api.text())).toBe(false);
      if (!name.startsWith('prints')) expect(renderedOnServer(home.html)).toBe(false);
      // What it prints, once rendered, is its own environment: NODE_ENV alone; and its call reached nothing.
      if (name.startsWith('prints')) {
        await expect
          .poll(async () => (await fetch(`${gateway.url}/`)).text(), settled)
          .toContain('{&quot;NODE_ENV&quot;:&quot;production&quot;}');
        expect(connections).toBe(0);
      }

      // A visitor's browser renders the page from the (real) browser build.
      await page.goto(gateway.url);
      // Its request may have waited out the hostile render's deadline first; then the browser renders, on a busy host.
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Stop Losing Clients', settled);
      expect(leaks(await page.content())).toBe(false);

      const metrics = () =>
        fetch(`${gateway.url}/metrics`, { headers: { authorization: `Bearer ${SECRETS.METRICS_TOKEN}` } }).then((r) =>
          r.text(),
        );
      const outcome = { 'loops forever': 'timeout', 'calls process.exit()': 'crash' }[name];
      if (outcome) {
        const counted = new RegExp(`server_renders_total\\{remote="marketing",[^}]*outcome="${outcome}"\\} 1`);
        await expect.poll(metrics, settled).toMatch(counted);
      }

      await gateway.remotes('rollback', 'marketing');
      // Rendered again as soon as a new render process is up.
      await expect
        .poll(async () => renderedOnServer(await (await fetch(`${gateway.url}/`)).text()), settled)
        .toBe(true);
    });
  }
});
