import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_BUILD_FILE } from '@agency/contracts';
import { fakeRemoteBuild, fromPeer, remoteStore, type setupApp } from './helpers';

type TestApp = Awaited<ReturnType<typeof setupApp>>;

/**
 * Stand-ins for the server builds (the real ones are exercised by the e2e suite): CommonJS, as Rspack emits them.
 * The shell's renders the page component inside a wrapper and throws for the FAQ page. Renders run in sandboxed
 * processes that can write nothing (decision 0073), so tests count them in the gateway's /metrics.
 * The remote's takes `react` from the shell and names the public path it was given.
 */
export const SHELL_SERVER = `
exports.shared = { react: { from: 'the shell' } };
exports.render = async ({ url, config, page }) => {
  if (page.module === 'faq-page') throw new Error('render failed');
  return '<link rel="preload" as="image" href="/hero.webp"/><div class="layout" data-url="' + url + '" data-phone="' + config.supportPhone + '">' + page.component() + '</div>';
};`;

export const remoteServer = (label: string) => `
const react = require('react');
exports.pages = (publicPath) => ({
  'home-page': () => '<h1>${label} home, React from ' + react.from + ', assets under ' + publicPath + '</h1>',
  'faq-page': () => '<h1>FAQ</h1>',
});`;

/** A marketing build with the given server build, published and made live (or a canary to that share); its version. */
export async function publishWithServerBuild(
  t: TestApp,
  label: string,
  server = remoteServer(label),
  { canary }: { canary?: number } = {},
) {
  const dir = await fakeRemoteBuild(t.root, label);
  await mkdir(path.join(dir, path.dirname(SERVER_BUILD_FILE)), { recursive: true });
  await writeFile(path.join(dir, SERVER_BUILD_FILE), server);
  const manifest = {
    metaData: { buildInfo: { buildVersion: '1.2.3' } },
    exposes: [{ name: 'home-page', assets: { css: { sync: ['home.css'] } } }],
  };
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  return (await remoteStore(t).publish('marketing', dir, { canary })).version;
}

/** The shell's server build and a template that hints its entry script and stylesheet as its build does. */
export async function withShellServer(t: TestApp, server = SHELL_SERVER) {
  await mkdir(path.join(t.env.shellDir, path.dirname(SERVER_BUILD_FILE)), { recursive: true });
  await writeFile(path.join(t.env.shellDir, SERVER_BUILD_FILE), server);
  const template = `<!doctype html><html><head><!--app-head--><title>x</title><!--/app-head--><!--app-config-->
  <script defer src="/assets/main.0123456789.js"></script><link rel="preload" href="/assets/main.0123456789.css" as="style" />
  </head><body><div id="root"></div></body></html>`;
  await writeFile(path.join(t.env.shellDir, 'index.html'), template);
  // As a gateway starting over a built shell does: a render process waits with it loaded for the first page.
  await t.app.warmRenders();
}

/** The gateway's /metrics text, as this machine reads it. */
export const metricsText = async (app: Pick<TestApp['app'], 'request'>) =>
  (await app.request('/metrics', {}, fromPeer('127.0.0.1'))).text();

/** Server renders counted so far (every outcome), by `outcome` when given. */
export async function renderCount(app: Pick<TestApp['app'], 'request'>, outcome?: string): Promise<number> {
  let sum = 0;
  for (const [, labels, value] of (await metricsText(app)).matchAll(/^server_renders_total\{([^}]*)\} (\d+)$/gm))
    if (!outcome || labels!.includes(`outcome="${outcome}"`)) sum += Number(value);
  return sum;
}

/** How many render processes have been started (each loads the shell's server build once). */
export async function renderProcesses(app: Pick<TestApp['app'], 'request'>): Promise<number> {
  return Number(/^server_render_processes_started_total (\d+)$/m.exec(await metricsText(app))?.[1] ?? 0);
}

/** The markup inside the root element ('' for a page the browser renders). */
export const rootOf = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>(?:<template>.*<\/template><script data-src[^>]*>[^<]*<\/script>)?<\/body>/.exec(
    html,
  )?.[1];
