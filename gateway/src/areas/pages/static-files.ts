import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { getMimeType } from 'hono/utils/mime';
import { compressedFile, isCompressible, pickEncoding } from '../../platform/files/compression';
import type { ObjectRequest } from '../../platform/files/object-response';
import { rangeOf } from '../../platform/files/ranges';

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

/** Real (symlink-free) paths of the static roots; a root that does not exist yet is looked up again next time. */
const realRoots = new Map<string, string>();
async function realRoot(root: string): Promise<string | null> {
  const known = realRoots.get(root);
  if (known) return known;
  const real = await realpath(root).catch(() => null);
  if (real) realRoots.set(root, real);
  return real;
}

/**
 * Where `relative` (a URL path below `root`, percent-encoded) really is: decoded once, resolved, symlinks followed,
 * and given back relative to the root's real path with `/` separators, or null when it is not a file inside the
 * root. Every decision about what may be served is made on this path, never on the URL as it was written
 * (`%2f`, `%5c`, `//`, `/./`, `..%2f`, double encoding and case tricks all arrive here as what they mean).
 */
export async function resolveInside(root: string, relative: string): Promise<{ file: string; path: string } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return null;
  }
  // A backslash is a separator on Windows and never part of a file name the builds write.
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const base = await realRoot(root);
  if (!base) return null;
  const file = await realpath(path.resolve(base, `.${path.posix.sep}${decoded}`)).catch(() => null);
  if (!file || !file.startsWith(base + path.sep)) return null;
  return { file, path: path.relative(base, file).split(path.sep).join('/') };
}

/**
 * Answers the file `relative` names inside `root` with its MIME type and cache policy, or null when there is no
 * such file, it is outside the root (`..`, encoded or not, or a symlink), or `allow` refuses its resolved path.
 */
export async function serveFile(
  root: string,
  relative: string,
  request: ObjectRequest | string = {},
  allow: (resolved: string) => boolean = () => true,
): Promise<Response | null> {
  const { acceptEncoding, range, ifRange } = typeof request === 'string' ? { acceptEncoding: request } : request;
  const found = await resolveInside(root, relative);
  if (!found || !allow(found.path)) return null;
  const { file } = found;
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
  // One byte range for players and downloads (audio, video); compressed answers are always whole.
  const answer = rangeOf(range, info.size, ifRange, headers['Last-Modified']!);
  if (answer.kind === 'unsatisfiable')
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${info.size}` } });
  const part = answer.kind === 'part' ? answer.range : null;
  const body = Readable.toWeb(createReadStream(file, part ?? {})) as ReadableStream<Uint8Array>;
  return new Response(body, {
    status: part ? 206 : 200,
    headers: {
      ...headers,
      'Accept-Ranges': 'bytes',
      'Content-Length': String(part ? part.end - part.start + 1 : info.size),
      ...(part ? { 'Content-Range': `bytes ${part.start}-${part.end}/${info.size}` } : {}),
    },
  });
}
