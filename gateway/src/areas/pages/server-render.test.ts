import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_BUILD_FILE } from '@agency/contracts';
import { createApp } from '../../app';
import { createLogger } from '../../platform/logger';
import { PRACTICE_PASSES } from '../../platform/render/render-pool';
import { fakeRemoteBuild, remoteStore, setupApp } from '../../../test/helpers';
import {
  publishWithServerBuild,
  renderCount,
  renderProcesses,
  rootOf,
  withShellServer,
} from '../../../test/server-builds';

const templateOf = (html: string) => /<template>(.*)<\/template>/.exec(html)?.[1];
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?: data-src="([^"]*)")?>([^<]*)<\/script>/g)].map(([, src, text]) => ({
    src,
    text: text ?? '',
  }));

let t: Awaited<ReturnType<typeof setupApp>>;
afterEach(() => t.cleanup());

describe('server rendering of public pages', () => {
  it("puts the shell's markup around the live remote page into the root, with the stylesheets it needs in order", async () => {
    t = await setupApp({ SUPPORT_PHONE: '07 555 1234' });
    await withShellServer(t);
    const version = await publishWithServerBuild(t, 'one');
    const html = await (await t.app.request('/')).text();
    const base = `/mfe/marketing/${version}/`;
    expect(rootOf(html)).toBe(
      `<div class="layout" data-url="${t.env.publicConfig.publicOrigin}/" data-phone="07 555 1234"><h1>one home, React from the shell, assets under ${base}</h1></div>`,
    );
    // The head: the shell's stylesheet first (the first one fixes the cascade layer order), then the page's
    // (absolute, as the federation runtime writes it), then the hints React rendered. No code, and no hint for it.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<link rel="(?:stylesheet|preload)"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" href="/assets/main.0123456789.css" />',
      `<link rel="stylesheet" href="${t.env.publicConfig.publicOrigin}${base}home.css" />`,
      '<link rel="preload" as="image" href="/hero.webp"/>',
    ]);
    expect(head).not.toContain('<script defer');
    // The remote's manifest is hinted in the template that is applied after the first paint.
    expect(templateOf(html)).toBe(
      `<link rel="preload" fetchpriority="low" href="${base}mf-manifest.json" as="fetch" crossorigin="anonymous" />`,
    );
  });

  it('starts the code after the first paint with the one inline script the CSP allows by hash', async () => {
    t = await setupApp();
    await withShellServer(t);
    await publishWithServerBuild(t, 'one');
    const res = await t.app.request('/');
    const html = await res.text();
    const scripts = inlineScripts(html);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('/assets/main.0123456789.js');
    expect(scripts[0]!.text).toContain('first-contentful-paint');
    // The template it applies sits right before it, inert until then.
    expect(html).toMatch(/<\/template><script data-src=/);
    const hash = `'sha256-${createHash('sha256').update(scripts[0]!.text).digest('base64')}'`;
    expect(res.headers.get('content-security-policy')).toMatch(
      new RegExp(`script-src 'self' ${hash.replace(/[+/]/g, '\\$&')};`),
    );

    // A page the browser renders keeps its plain deferred entry, its hints in the head, and no inline script.
    const plain = await (await t.app.request('/dashboard')).text();
    expect(plain).toContain('<script defer src="/assets/main.0123456789.js"></script>');
    expect(plain).not.toContain('<template>');
    expect(inlineScripts(plain)).toEqual([]);
  });

  it('follows a deploy: a new live version renders its own page', async () => {
    t = await setupApp();
    await withShellServer(t);
    await publishWithServerBuild(t, 'one');
    expect(await (await t.app.request('/')).text()).toContain('one home');
    await publishWithServerBuild(t, 'two');
    expect(await (await t.app.request('/')).text()).toContain('two home');
  });

  it('leaves the page to the browser when anything is missing or fails, and the page still answers 200', async () => {
    t = await setupApp();
    await withShellServer(t);
    await publishWithServerBuild(t, 'one');
    for (const path of ['/faq', '/faq', '/dashboard', '/price-calculator']) {
      // A render error; a protected page; a remote with no live version.
      const res = await t.app.request(path);
      expect(res.status).toBe(200);
      expect(rootOf(await res.text())).toBe('');
    }
    // A page that failed to render is not rendered again for every request.
    expect(await renderCount(t.app, 'error')).toBe(1);
  });

  it('needs both server builds: a remote without one, or no shell build, renders in the browser', async () => {
    t = await setupApp();
    await remoteStore(t).publish('marketing', await fakeRemoteBuild(t.root, 'plain'));
    await withShellServer(t);
    expect(rootOf(await (await t.app.request('/')).text())).toBe('');
    await t.cleanup();

    t = await setupApp();
    await publishWithServerBuild(t, 'one');
    expect(rootOf(await (await t.app.request('/')).text())).toBe('');
  });

  it('does not render a remote served from elsewhere (its server build is not here)', async () => {
    t = await setupApp({ REMOTE_MARKETING_URL: 'https://cdn.example/marketing/mf-manifest.json' });
    await withShellServer(t);
    await publishWithServerBuild(t, 'one');
    expect(rootOf(await (await t.app.request('/')).text())).toBe('');
  });

  it('SERVER_RENDER=off leaves every page to the browser', async () => {
    t = await setupApp({ SERVER_RENDER: 'off' });
    await withShellServer(t);
    await publishWithServerBuild(t, 'one');
    expect(rootOf(await (await t.app.request('/')).text())).toBe('');
  });

  it('never serves a server build to browsers', async () => {
    t = await setupApp();
    const version = await publishWithServerBuild(t, 'one');
    expect((await t.app.request(`/mfe/marketing/${version}/${SERVER_BUILD_FILE}`)).status).toBe(404);
    expect((await t.app.request(`/mfe/marketing/${version}/remoteEntry.js`)).status).toBe(200);
  });

  it('a remote server build that asks the shell for a module it does not share renders in the browser', async () => {
    t = await setupApp();
    await withShellServer(t);
    await publishWithServerBuild(t, 'one', `require('left-pad'); exports.pages = () => ({});`);
    const res = await t.app.request('/');
    expect(res.status).toBe(200);
    expect(rootOf(await res.text())).toBe('');
  });

  it("loads the shell's server build in a render process per remote when the gateway starts, before any page is asked for", async () => {
    t = await setupApp();
    await withShellServer(t);
    await publishWithServerBuild(t, 'one');
    // A gateway starting over a built shell.
    const started = createApp({ env: t.env, db: t.db, messaging: t.messaging, logger: createLogger('silent') });
    try {
      // One for each remote this gateway renders (each process runs one remote's code only).
      await expect.poll(() => renderProcesses(started), { timeout: 20_000 }).toBe(3);
      expect(rootOf(await (await started.request('/')).text())).toContain('one home');
      // The page was rendered by a process started at start.
      expect(await renderProcesses(started)).toBe(3);
      expect(await renderCount(started, 'ok')).toBe(1);
    } finally {
      await started.close();
    }
  });

  it("loads the live version's build in its process at start and renders its pages there first, untimed", async () => {
    t = await setupApp();
    await withShellServer(t);
    // A build that counts its home page's renders in its process.
    const counting = `let renders = 0;
exports.pages = () => ({ 'home-page': () => '<h1>render ' + ++renders + '</h1>' });`;
    await publishWithServerBuild(t, 'counting', counting);
    const started = createApp({ env: t.env, db: t.db, messaging: t.messaging, logger: createLogger('silent') });
    try {
      await started.warmRenders();
      // The practice renders came first, in the process the first visitor's render uses: its build already loaded.
      expect(rootOf(await (await started.request('/')).text())).toContain(`<h1>render ${PRACTICE_PASSES + 1}</h1>`);
      expect(await renderCount(started, 'ok')).toBe(1);
    } finally {
      await started.close();
    }
  });
});
