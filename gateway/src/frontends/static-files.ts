import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { getMimeType } from 'hono/utils/mime';

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
export async function serveFile(root: string, relative: string): Promise<Response | null> {
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
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      'Content-Type': type,
      'Content-Length': String(info.size),
      'Cache-Control': cacheControlFor(file),
      'Last-Modified': info.mtime.toUTCString(),
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
