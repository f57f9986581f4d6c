import { Hono } from 'hono';
import { CONTENT_IMAGE_PATH, findRoute, isContentImageUrl, RemoteNameSchema, siteOfRemote } from '@agency/contracts';
import type { Env } from '../../platform/env';
import type { Sites } from '../../platform/http/sites';
import type { HotObjects } from '../../platform/files/hot-objects';
import { objectRequest, objectResponse } from '../../platform/files/object-response';
import { nameRoute } from '../ops';
import type { ObjectStore } from '../../platform/storage/object-store';
import type { RemoteFiles } from './remote-files';
import { cacheControlFor, serveFile } from './static-files';
import { getMimeType } from 'hono/utils/mime';

/** The uploaded audio's type by the extension the upload gave it (areas/leads/real-talk-audio.ts). */
const AUDIO_TYPE: Record<string, string> = { mp3: 'audio/mpeg', m4a: 'audio/mp4', ogg: 'audio/ogg', wav: 'audio/wav' };

export interface StoredFiles {
  /** The stored versions of the remotes (remote-files.ts). */
  remotes: RemoteFiles;
  /** The images staff uploaded for content, and whether a name is one (the database knows every upload). */
  contentImages: { store: ObjectStore; exists: (file: string) => Promise<boolean> };
  /** The Real Talk audio staff uploaded (areas/leads/real-talk-audio.ts): in the same store, under `audio/`. */
  realTalkAudio: { exists: (file: string) => Promise<boolean> };
  hot: HotObjects;
}

/**
 * Files, each decided on the path it resolves to (static-files.ts, decision 0024): the stored versions of the
 * remotes (contracts `remoteBaseUrl`), the shell's assets, the agency's media, the images staff uploaded, and the
 * files the shell ships at its root. A root path that is no file goes on to the pages.
 */
export function fileRoutes(env: Pick<Env, 'shellDir' | 'mediaDir'>, stored: StoredFiles, sites: Sites) {
  return (
    new Hono()
      // A stored version's browser files: only those its manifest lists, never its server build (remote-files.ts);
      // each remote's on its own site only (decision 0077), so no portal page can be made to run a team's code.
      .get('/mfe/:name/:version/*', async (c) => {
        const name = RemoteNameSchema.safeParse(c.req.param('name'));
        const version = c.req.param('version');
        if (!name.success || !/^[\w.-]+$/.test(version) || version.startsWith('.')) return c.notFound();
        if (siteOfRemote(name.data) !== sites.of(c)) return c.notFound();
        const rest = c.req.path.slice(`/mfe/${c.req.param('name')}/${version}/`.length);
        const file = await stored.remotes.serve(
          name.data,
          version,
          rest,
          objectRequest((h) => c.req.header(h)),
        );
        return file ?? c.notFound();
      })
      // Images staff uploaded for content: only names an upload made (content-images.ts) and the database lists.
      .get('/content-images/:file', async (c) => {
        const name = c.req.param('file');
        if (!isContentImageUrl(CONTENT_IMAGE_PATH + name) || !(await stored.contentImages.exists(name)))
          return c.notFound();
        const file = await objectResponse(
          stored.contentImages.store,
          name,
          objectRequest((h) => c.req.header(h)),
          {
            hot: stored.hot,
            headers: {
              'Content-Type': getMimeType(name) ?? 'application/octet-stream',
              'Cache-Control': cacheControlFor(name),
            },
          },
        );
        return file ?? c.notFound();
      })
      // The Real Talk audio staff uploaded: only names an upload made; ranges answered, so a player can seek.
      .get('/real-talk-audio/:file', async (c) => {
        const name = c.req.param('file');
        if (!(await stored.realTalkAudio.exists(name))) return c.notFound();
        const file = await objectResponse(
          stored.contentImages.store,
          `audio/${name}`,
          objectRequest((h) => c.req.header(h)),
          {
            headers: {
              'Content-Type': AUDIO_TYPE[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
              'Cache-Control': 'public, max-age=31536000, immutable',
            },
          },
        );
        return file ?? c.notFound();
      })
      .get(
        '/media/*',
        async (c) =>
          (await serveFile(
            env.mediaDir,
            c.req.path.slice('/media/'.length),
            objectRequest((h) => c.req.header(h)),
          )) ?? c.notFound(),
      )
      // The shell's browser build: only what is inside its assets folder (never its template or its server build).
      .get(
        '/assets/*',
        async (c) =>
          (await serveFile(
            env.shellDir,
            c.req.path.slice(1),
            objectRequest((h) => c.req.header(h)),
            (file) => file.startsWith('assets/'),
          )) ?? c.notFound(),
      )
      // A file the shell ships at its root (favicon), before the 404 page; the template is only ever a page.
      .get('*', async (c, next) => {
        if (findRoute(c.req.path) || !/^\/[\w.-]+\.\w+$/.test(c.req.path)) return next();
        const file = await serveFile(
          env.shellDir,
          c.req.path.slice(1),
          objectRequest((h) => c.req.header(h)),
          (resolved) => !resolved.includes('/') && resolved.toLowerCase() !== 'index.html',
        );
        if (!file) return next();
        nameRoute(c, 'root_file');
        return file;
      })
  );
}
