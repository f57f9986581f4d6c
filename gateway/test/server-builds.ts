import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_BUILD_FILE } from '@agency/contracts';
import { fakeRemoteBuild, remoteStore, type setupApp } from './helpers';

type TestApp = Awaited<ReturnType<typeof setupApp>>;

/**
 * Stand-ins for the server builds (the real ones are exercised by the e2e suite): CommonJS, as Rspack emits them.
 * The shell's renders the page component inside a wrapper, throws for the FAQ page, and appends each render's page
 * (and `(loaded)` each time a thread loads it) to `renders.log` beside its build: renders run in worker threads, so
 * a counter in this process would see none.
 * The remote's takes `react` from the shell and names the public path it was given.
 */
export const SHELL_SERVER = `
const fs = require('node:fs');
fs.appendFileSync(__dirname + '/renders.log', '(loaded)\\n');
exports.shared = { react: { from: 'the shell' } };
exports.render = async ({ url, config, page }) => {
  fs.appendFileSync(__dirname + '/renders.log', page.module + '\\n');
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
}

async function renderLog(t: TestApp): Promise<string[]> {
  const log = path.join(t.env.shellDir, path.dirname(SERVER_BUILD_FILE), 'renders.log');
  return (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean);
}

/** The pages the shell's server build has rendered so far, in order. */
export const renders = async (t: TestApp) => (await renderLog(t)).filter((line) => line !== '(loaded)');

/** How many times a render thread has loaded the shell's server build. */
export const shellLoads = async (t: TestApp) => (await renderLog(t)).filter((line) => line === '(loaded)').length;

/** The markup inside the root element ('' for a page the browser renders). */
export const rootOf = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>(?:<template>.*<\/template><script data-src[^>]*>[^<]*<\/script>)?<\/body>/.exec(
    html,
  )?.[1];
