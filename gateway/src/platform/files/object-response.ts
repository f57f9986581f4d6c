import { Readable } from 'node:stream';
import type { ObjectInfo, ObjectStore } from '../storage/object-store';
import { compressedBody, isCompressible, pickEncoding } from './compression';
import type { HotObjects } from './hot-objects';
import { rangeOf } from './ranges';

/** The request headers an answer depends on. */
export interface ObjectRequest {
  acceptEncoding?: string;
  range?: string;
  ifRange?: string;
}

export const objectRequest = (header: (name: string) => string | undefined): ObjectRequest => ({
  acceptEncoding: header('accept-encoding'),
  range: header('range'),
  ifRange: header('if-range'),
});

/** Larger text than this is streamed as it is: no built file comes near it. */
const MAX_COMPRESS_BYTES = 8 * 1024 * 1024;

async function collect(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const stream = (body: Readable) => Readable.toWeb(body) as ReadableStream<Uint8Array>;

/**
 * A stored object as an HTTP answer, or null when there is none: `headers` (its type and cache policy, say) with
 * Last-Modified and `nosniff`. Text worth compressing goes out compressed once per object (compression.ts) when
 * the client accepts it; anything else honours one byte range (206, or 416 past the end). With `hot`, the object
 * comes from memory when it is there (hot-objects.ts); without, it is streamed from the store.
 */
export async function objectResponse(
  store: ObjectStore,
  key: string,
  request: ObjectRequest,
  { headers, hot }: { headers: Record<string, string>; hot?: HotObjects },
): Promise<Response | null> {
  const type = headers['Content-Type'] ?? 'application/octet-stream';
  const common = (info: ObjectInfo) => ({
    ...headers,
    'Content-Type': type,
    'Last-Modified': info.modified.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  });

  /** The whole object or the range asked for, from the store: one look at its size first when a range is asked. */
  async function fromStore(info: ObjectInfo | null): Promise<Response | null> {
    if (!request.range) {
      const found = await store.get(key);
      if (!found) return null;
      return new Response(stream(found.body), {
        headers: { ...common(found.info), 'Accept-Ranges': 'bytes', 'Content-Length': String(found.info.size) },
      });
    }
    const known = info ?? (await store.head(key));
    if (!known) return null;
    const answer = rangeOf(request.range, known.size, request.ifRange, known.modified.toUTCString());
    if (answer.kind === 'unsatisfiable')
      return new Response(null, {
        status: 416,
        headers: { ...common(known), 'Content-Range': `bytes */${known.size}` },
      });
    const found = await store.get(key, answer.kind === 'part' ? answer.range : undefined);
    if (!found) return null;
    const part = answer.kind === 'part' ? answer.range : null;
    return new Response(stream(found.body), {
      status: part ? 206 : 200,
      headers: {
        ...common(known),
        'Accept-Ranges': 'bytes',
        'Content-Length': String(part ? part.end - part.start + 1 : known.size),
        ...(part ? { 'Content-Range': `bytes ${part.start}-${part.end}/${known.size}` } : {}),
      },
    });
  }

  async function fromBytes(info: ObjectInfo, bytes: Buffer): Promise<Response> {
    const compressible = isCompressible(type, bytes.length);
    const encoding = compressible ? pickEncoding(request.acceptEncoding) : null;
    if (encoding) {
      const id = `${store.location}:${key}:${bytes.length}:${info.modified.getTime()}`;
      const body = await compressedBody(id, async () => bytes, encoding);
      return new Response(new Uint8Array(body), {
        headers: {
          ...common(info),
          Vary: 'Accept-Encoding',
          'Content-Encoding': encoding,
          'Content-Length': String(body.length),
        },
      });
    }
    const vary: Record<string, string> = compressible ? { Vary: 'Accept-Encoding' } : {};
    const answer = rangeOf(request.range, bytes.length, request.ifRange, info.modified.toUTCString());
    if (answer.kind === 'unsatisfiable')
      return new Response(null, {
        status: 416,
        headers: { ...common(info), ...vary, 'Content-Range': `bytes */${bytes.length}` },
      });
    const part = answer.kind === 'part' ? answer.range : null;
    const body = part ? bytes.subarray(part.start, part.end + 1) : bytes;
    return new Response(new Uint8Array(body), {
      status: part ? 206 : 200,
      headers: {
        ...common(info),
        ...vary,
        'Accept-Ranges': 'bytes',
        'Content-Length': String(body.length),
        ...(part ? { 'Content-Range': `bytes ${part.start}-${part.end}/${bytes.length}` } : {}),
      },
    });
  }

  if (!hot) return fromStore(null);
  const loaded = await hot.load(store, key);
  if (!loaded) return null;
  if ('bytes' in loaded) return fromBytes(loaded.info, loaded.bytes);
  // Not kept (a cache too small for it), but text a browser wants compressed: compressed once all the same.
  if (
    isCompressible(type, loaded.info.size) &&
    loaded.info.size <= MAX_COMPRESS_BYTES &&
    pickEncoding(request.acceptEncoding)
  )
    return fromBytes(loaded.info, await collect(loaded.body));
  // Too large to keep in memory: streamed whole, or asked again for the range.
  if (!request.range)
    return new Response(stream(loaded.body), {
      headers: { ...common(loaded.info), 'Accept-Ranges': 'bytes', 'Content-Length': String(loaded.info.size) },
    });
  loaded.body.destroy();
  return fromStore(loaded.info);
}
