import { createHash, randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_PATH, CONTENT_IMAGE_TYPES, endpoints } from '@agency/contracts';
import { requireStaffActor } from '../../platform/http/guards/access';
import { writeContent } from './write';
import { contentImages, type Db } from '../../platform/db';
import type { ApiDeps } from '../../platform/http/deps';
import { endpointRoutes } from '../../platform/http/routes';

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
 * stored in the object store's content-images area under a name the server makes, then served at
 * /content-images/<name>.
 */
export function contentImagesApi({ db, stores }: ApiDeps) {
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
    const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    const sha256 = createHash('sha256').update(body).digest('hex');
    if (!(await stores.contentImages.put(file, body, { contentType: type, sha256 })))
      throw new Error(`content image ${file} is already stored`);
    try {
      await writeContent(
        db,
        actor,
        db.insert(contentImages).values({ file, type, size: bytes.length, uploadedBy: actor.id }),
      );
    } catch (error) {
      await stores.contentImages.delete(file);
      throw error;
    }
    return c.json({ url: `${CONTENT_IMAGE_PATH}${file}`, type, size: bytes.length }, 201);
  }).app;
}

/**
 * Whether `file` names an image staff uploaded (every upload and seed image has its row): /content-images/ asks
 * before going to the store, so a made-up name costs one indexed read, never a round trip to a bucket. Names found
 * are remembered (images are never renamed).
 */
export function contentImageNames(db: Db): (file: string) => Promise<boolean> {
  const known = new LRUCache<string, true>({ max: 10_000 });
  return async (file) => {
    if (known.has(file)) return true;
    const [row] = await db
      .select({ id: contentImages.id })
      .from(contentImages)
      .where(eq(contentImages.file, file))
      .limit(1);
    if (row) known.set(file, true);
    return row !== undefined;
  };
}
