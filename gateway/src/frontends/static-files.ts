import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { getMimeType } from 'hono/utils/mime';
import { compressedFile, isCompressible, pickEncoding } from './compression';

/** Files whose name carries a content hash never change, so browsers may keep them for a year. */
const HASHED = /[.-][0-9a-f]{8,}\.(?:js|css|png|jpe?g|webp|avif|svg|woff2?|map)$/i;
/** Entry documents must be revalidated on every load, or a deploy would not be seen. */
const ENTRY_FILES = new Set(['mf-manifest.json', 'mf-stats.json', 'remoteEntry.js', 'index.html']);

export function cacheControlFor(file: string): string {
  const base = path.basename(file);
  if (ENTRY_FILES.has(base)) return 'no-cache';
  if (HASHED.test(base)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * Resolves `relative` inside `root` and answers the file with its MIME type and cache policy, or null when
 * there is no such file. Paths that try to leave the root (`..`, encoded or not) are treated as missing.
 */
export async function serveFile(root: string, relative: string, acceptEncoding?: string): Promise<Response | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(root, `.${path.posix.sep}${decoded}`);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;

  const type = getMimeType(file) ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Cache-Control': cacheControlFor(file),
    'Last-Modified': info.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  };
  if (isCompressible(type, info.size)) {
    headers.Vary = 'Accept-Encoding';
    const encoding = pickEncoding(acceptEncoding);
    if (encoding) {
      const body = await compressedFile(file, info.size, info.mtimeMs, encoding);
      return new Response(new Uint8Array(body), {
        headers: { ...headers, 'Content-Encoding': encoding, 'Content-Length': String(body.length) },
      });
    }
  }
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, { headers: { ...headers, 'Content-Length': String(info.size) } });
}
