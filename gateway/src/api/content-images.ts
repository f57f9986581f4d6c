import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { desc } from 'drizzle-orm';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_PATH, CONTENT_IMAGE_TYPES, endpoints } from '@agency/contracts';
import { requireStaffActor } from '../auth/access';
import { writeContent } from '../content/write';
import { contentAudit, contentImages, paged } from '../db';
import type { ApiDeps } from './deps';
import { endpointRoutes } from './routes';

const EXTENSION: Record<(typeof CONTENT_IMAGE_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};
const MIB = Math.round(CONTENT_IMAGE_MAX_BYTES / 1024 / 1024);

/**
 * `POST /admin/content-images` with the image as the raw body: a cover or an image inside a post. Its type is read
 * from its bytes (JPEG, PNG, WebP, GIF or AVIF; SVG never, it can carry script), its size is capped, and it is
 * stored outside every served folder under a name the server makes, then served at /content-images/<name>.
 */
export function contentImagesApi({ db, env }: ApiDeps) {
  const limit = bodyLimit({
    maxSize: CONTENT_IMAGE_MAX_BYTES,
    onError: (c) => c.json({ message: `image must be at most ${MIB} MiB` }, 413),
  });
  return endpointRoutes().on(endpoints.uploadContentImage, { beforeInput: [limit] }, async (c) => {
    const actor = requireStaffActor(c);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const found = bytes.length ? await fileTypeFromBuffer(bytes) : undefined;
    const type = CONTENT_IMAGE_TYPES.find((t) => t === found?.mime);
    if (!type)
      throw new HTTPException(415, {
        message: `image must be a JPEG, PNG, WebP, GIF or AVIF picture (checked by its content)`,
      });
    const file = `${randomUUID()}.${EXTENSION[type]}`;
    await mkdir(env.contentImagesDir, { recursive: true });
    const target = path.join(env.contentImagesDir, file);
    await writeFile(target, bytes, { flag: 'wx' });
    try {
      await writeContent(
        db,
        actor,
        db.insert(contentImages).values({ file, type, size: bytes.length, uploadedBy: actor.id }),
      );
    } catch (error) {
      await rm(target, { force: true });
      throw error;
    }
    return c.json({ url: `${CONTENT_IMAGE_PATH}${file}`, type, size: bytes.length }, 201);
  }).app;
}

/** `GET /admin/content-audit`: every content write, newest first (master admins). */
export function contentAuditApi({ db }: ApiDeps) {
  return endpointRoutes().on(endpoints.contentAudit, async (c) => {
    const rows = db.select().from(contentAudit).orderBy(desc(contentAudit.id));
    return c.json(await paged(db, c.req.valid('query'), rows, contentAudit));
  }).app;
}
