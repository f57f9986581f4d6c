import { Hono } from 'hono';
import { compress } from 'hono/compress';
import path from 'node:path';
import { findRoute, notFoundRoute, POINTER_PATH, RemoteNameSchema, SERVER_BUILD_FILE } from '@agency/contracts';
import type { Env } from '../env';
import { createHtmlRenderer, escapeHtml, headFor } from './html';
import { robotsTxt, sitemapXml } from './sitemap';
import type { Logger } from '../logger';
import { type RemoteStore } from './remote-store';
import { createServerRenderer } from './server-render';
import { serveFile } from './static-files';

/** The server builds are published with the browser builds but run only in the gateway: never served. */
const SERVER_BUILD_DIR = path.dirname(SERVER_BUILD_FILE).toLowerCase();
const isServerBuild = (segment: string | undefined) => segment?.toLowerCase() === SERVER_BUILD_DIR;

/**
 * Everything that is not /api: the pointer document, the versioned remote builds, the shell's assets and
 * the shell's HTML for every route of the route table (404 with the same shell for anything else).
 */
export function frontends(env: Env, store: RemoteStore, logger: Logger) {
  const render = createHtmlRenderer(env.shellDir, env.publicConfig);
  const serverRender = createServerRenderer({
    shellDir: env.shellDir,
    remotesDir: store.dir,
    config: env.publicConfig,
    logger,
  });
  const app = new Hono();

  app.get(POINTER_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await store.pointer(env.remoteUrls));
  });

  app.get('/mfe/:name/:version/*', async (c) => {
    const name = RemoteNameSchema.safeParse(c.req.param('name'));
    const version = c.req.param('version');
    if (!name.success || !/^[\w.-]+$/.test(version) || version.startsWith('.')) return c.notFound();
    // Decided on the resolved file: inside this very version's folder, and not its server build.
    const allow = (file: string) => {
      const [remote, inVersion, first] = file.split('/');
      return remote === name.data && inVersion === version && !isServerBuild(first);
    };
    const file = await serveFile(store.dir, c.req.path.slice('/mfe/'.length), c.req.header('accept-encoding'), allow);
    return file ?? c.notFound();
  });

  app.get('/sitemap.xml', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(sitemapXml(env.publicConfig.publicOrigin), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  });

  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(robotsTxt(env.publicConfig.publicOrigin));
  });

  app.get(
    '/media/*',
    async (c) =>
      (await serveFile(env.mediaDir, c.req.path.slice('/media/'.length), c.req.header('accept-encoding'))) ??
      c.notFound(),
  );

  // The shell's browser build: only what is inside its assets folder (never its template or its server build).
  app.get(
    '/assets/*',
    async (c) =>
      (await serveFile(env.shellDir, c.req.path.slice(1), c.req.header('accept-encoding'), (file) =>
        file.startsWith('assets/'),
      )) ?? c.notFound(),
  );

  // Page HTML is rendered per request (head data), so it is compressed on the fly; it is a few KB.
  app.get('*', compress(), async (c) => {
    const route = findRoute(c.req.path);
    if (!route) {
      // A file the shell ships at its root (favicon) before the 404 page; the template is only ever a page.
      const file = /^\/[\w.-]+\.\w+$/.test(c.req.path)
        ? await serveFile(
            env.shellDir,
            c.req.path.slice(1),
            c.req.header('accept-encoding'),
            (resolved) => !resolved.includes('/') && resolved.toLowerCase() !== 'index.html',
          )
        : null;
      if (file) return file;
    }
    let html: string;
    try {
      const pointer = await store.pointer(env.remoteUrls).catch(() => undefined);
      const manifest = route && !route.roles ? pointer?.remotes[route.owner]?.entry : undefined;
      // The route's remote manifest is fetched beside the shell's code rather than after it. Its chunks are not
      // hinted: on a slow link they would compete with the shell's own code, which must run first (Lighthouse
      // measured a later first paint with them). Protected routes send signed-out visitors to /auth.
      const preload = manifest
        ? [`<link rel="preload" href="${escapeHtml(manifest)}" as="fetch" crossorigin="anonymous" />`]
        : [];
      const rendered = route && env.serverRender ? await serverRender(route, pointer).catch(() => null) : null;
      html = await render(route ? headFor(route, env.publicConfig.publicOrigin) : { ...notFoundRoute, keywords: [] }, {
        pointer,
        preload,
        rendered,
      });
    } catch {
      return c.text('The site is not built yet: run `pnpm build`.', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(html, route ? 200 : 404);
  });

  return app;
}
