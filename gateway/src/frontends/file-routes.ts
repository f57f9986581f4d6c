import { Hono } from 'hono';
import path from 'node:path';
import {
  CONTENT_IMAGE_PATH,
  findRoute,
  isContentImageUrl,
  RemoteNameSchema,
  SERVER_BUILD_FILE,
} from '@agency/contracts';
import type { Env } from '../env';
import { nameRoute } from '../ops/metrics';
import { serveFile } from './static-files';

/** The server builds are published with the browser builds but run only in the gateway: never served. */
const SERVER_BUILD_DIR = path.dirname(SERVER_BUILD_FILE).toLowerCase();
const isServerBuild = (segment: string | undefined) => segment?.toLowerCase() === SERVER_BUILD_DIR;

/**
 * Files, each decided on the path it resolves to (static-files.ts, decision 0024): the stored versions of the
 * remotes (contracts `remoteBaseUrl`), the shell's assets, the agency's media, the images staff uploaded, and the
 * files the shell ships at its root. A root path that is no file goes on to the pages.
 */
export function fileRoutes(env: Pick<Env, 'remotesDir' | 'shellDir' | 'mediaDir' | 'contentImagesDir'>) {
  return (
    new Hono()
      .get('/mfe/:name/:version/*', async (c) => {
        const name = RemoteNameSchema.safeParse(c.req.param('name'));
        const version = c.req.param('version');
        if (!name.success || !/^[\w.-]+$/.test(version) || version.startsWith('.')) return c.notFound();
        // Decided on the resolved file: inside this very version's folder, and not its server build.
        const allow = (file: string) => {
          const [remote, inVersion, first] = file.split('/');
          return remote === name.data && inVersion === version && !isServerBuild(first);
        };
        const file = await serveFile(
          env.remotesDir,
          c.req.path.slice('/mfe/'.length),
          c.req.header('accept-encoding'),
          allow,
        );
        return file ?? c.notFound();
      })
      // Images staff uploaded for content: only names the upload made (content-images.ts), from outside the web root.
      .get('/content-images/:file', async (c) => {
        const name = c.req.param('file');
        if (!isContentImageUrl(CONTENT_IMAGE_PATH + name)) return c.notFound();
        return (await serveFile(env.contentImagesDir, name, c.req.header('accept-encoding'))) ?? c.notFound();
      })
      .get(
        '/media/*',
        async (c) =>
          (await serveFile(env.mediaDir, c.req.path.slice('/media/'.length), c.req.header('accept-encoding'))) ??
          c.notFound(),
      )
      // The shell's browser build: only what is inside its assets folder (never its template or its server build).
      .get(
        '/assets/*',
        async (c) =>
          (await serveFile(env.shellDir, c.req.path.slice(1), c.req.header('accept-encoding'), (file) =>
            file.startsWith('assets/'),
          )) ?? c.notFound(),
      )
      // A file the shell ships at its root (favicon), before the 404 page; the template is only ever a page.
      .get('*', async (c, next) => {
        if (findRoute(c.req.path) || !/^\/[\w.-]+\.\w+$/.test(c.req.path)) return next();
        const file = await serveFile(
          env.shellDir,
          c.req.path.slice(1),
          c.req.header('accept-encoding'),
          (resolved) => !resolved.includes('/') && resolved.toLowerCase() !== 'index.html',
        );
        if (!file) return next();
        nameRoute(c, 'root_file');
        return file;
      })
  );
}
