import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import { endpoints } from '@agency/contracts';
import { requireUser } from '../../platform/http/guards/session';
import { files, paged, type Db } from '../../platform/db';
import { objectRequest, objectResponse } from '../../platform/files/object-response';
import { ALLOWED_TYPES, detectType, nameForType } from '../../platform/files/sniff';
import { clientScope, isStaff } from '../../platform/http/guards/access';
import { portalNotice } from '../../platform/mail/confirmations';
import { writeAndTellClient } from './tell-client';
import type { ApiDeps } from '../../platform/http/deps';
import { contentDisposition } from '../../platform/http/content-disposition';
import { endpointRoutes } from '../../platform/http/routes';

const SNIFF_BYTES = 512;

/**
 * Streams `body` to `target`, stopping at `maxBytes`; returns the size, the first bytes for sniffing and the SHA-256
 * recorded with the stored object.
 */
export async function receive(body: ReadableStream<Uint8Array>, target: string, maxBytes: number) {
  const out = createWriteStream(target, { flags: 'wx' });
  const hash = createHash('sha256');
  let size = 0;
  let head = new Uint8Array(0);
  try {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      hash.update(chunk);
      if (size > maxBytes)
        throw new HTTPException(413, { message: `File is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB` });
      if (head.length < SNIFF_BYTES) head = new Uint8Array([...head, ...chunk.subarray(0, SNIFF_BYTES - head.length)]);
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
  } finally {
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
  return { size, head, sha256: hash.digest('hex') };
}

/** The file a row describes, as the API shows it (never its storage key). */
const publicFile = (f: typeof files.$inferSelect) => ({
  id: f.id,
  userId: f.userId,
  name: f.name,
  type: f.type,
  size: f.size,
  uploadedAt: f.uploadedAt,
});

/**
 * POST /admin/clients/:clientId/files?name=report.pdf with the file as the raw body (not JSON, not multipart). The
 * body is received into a local file first (its size capped, its type read from its content), and only a file
 * that passed goes to the object store's files area.
 */
export function fileUploadApi({ db, env, stores, mailer }: ApiDeps) {
  return endpointRoutes().on(endpoints.uploadFile, async (c) => {
    const clientId = await clientScope(c, db, c.req.valid('param').clientId);
    const { name } = c.req.valid('query');
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > env.files.maxBytes)
      return c.json({ message: `File is larger than ${Math.round(env.files.maxBytes / 1024 / 1024)} MiB` }, 413);
    if (!c.req.raw.body) return c.json({ message: 'The request body must be the file' }, 400);

    const incoming = path.join(env.dataDir, 'tmp');
    await mkdir(incoming, { recursive: true });
    // The stored name is ours: the visitor's file name never reaches the file system.
    const key = randomUUID();
    const partial = path.join(incoming, `${key}.part`);
    try {
      const { size, head, sha256 } = await receive(c.req.raw.body, partial, env.files.maxBytes);
      const type = await detectType(partial, head, name);
      if (!type || size === 0) {
        return c.json(
          { message: `file must be one of: ${Object.values(ALLOWED_TYPES).join(', ')} (checked by its content)` },
          415,
        );
      }
      if (!(await stores.files.put(key, { file: partial }, { contentType: type, sha256 })))
        throw new Error(`client file ${key} is already stored`);
      const stored = nameForType(name, type);
      // The client hears of it in the same transaction; the outbox keeps the message if the mail server is away.
      const [row] = await writeAndTellClient(
        db,
        mailer,
        clientId,
        db.insert(files).values({ userId: clientId, name: stored, type, path: key, size }).returning(),
        (to) => portalNotice.file(to, stored, `${env.publicConfig.portalOrigin}/dashboard`),
      ).catch(async (error: unknown) => {
        await stores.files.delete(key);
        throw error;
      });
      return c.json(publicFile(row!), 201);
    } finally {
      await rm(partial, { force: true });
    }
  }).app;
}

/** RFC 6266: an ASCII fallback for old clients, and the exact name in RFC 5987 encoding (`'()*` escaped too). */
async function ownedFile(db: Db, id: number, userId: number | null) {
  const [row] = await db
    .select()
    .from(files)
    .where(userId === null ? eq(files.id, id) : and(eq(files.id, id), eq(files.userId, userId)));
  if (!row) throw new HTTPException(404, { message: 'No such file' });
  return row;
}

export function filesApi({ db, stores }: ApiDeps) {
  return endpointRoutes()
    .on(endpoints.files, async (c) => {
      const query = c.req.valid('query');
      const where = eq(files.userId, await clientScope(c, db, query.clientId));
      const rows = db.select().from(files).where(where).orderBy(desc(files.uploadedAt), desc(files.id));
      const page = await paged(db, query, rows, files, where);
      return c.json({ ...page, items: page.items.map(publicFile) });
    })

    .on(endpoints.downloadFile, async (c) => {
      const { user } = requireUser(c);
      // Another client's file answers exactly like a missing one.
      const row = await ownedFile(db, c.req.valid('param').id, isStaff(user.role) ? null : user.id);
      // Names stored before uploads were renamed by their content get the same treatment here.
      const name = nameForType(row.name, row.type);
      // Streamed from the store; one byte range for a download manager resuming.
      const answer = await objectResponse(
        stores.files,
        row.path,
        objectRequest((h) => c.req.header(h)),
        {
          headers: {
            'Content-Type': row.type,
            'Content-Disposition': contentDisposition(name),
            'Cache-Control': 'private, no-store',
          },
        },
      );
      if (!answer) return c.json({ message: 'The file is no longer stored' }, 404);
      return answer;
    })

    .on(endpoints.deleteFile, async (c) => {
      const row = await ownedFile(db, c.req.valid('param').id, null);
      await db.delete(files).where(eq(files.id, row.id));
      await stores.files.delete(row.path);
      return c.json({ message: 'File deleted' });
    }).app;
}
