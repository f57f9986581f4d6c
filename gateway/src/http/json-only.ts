import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export const MAX_JSON_BODY_BYTES = 64 * 1024;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A declared length wins; chunked uploads and in-process requests (no length header) count by their stream. */
const hasBody = (req: Request) => {
  const length = req.headers.get('content-length');
  if (length !== null) return length !== '0';
  return req.headers.has('transfer-encoding') || req.body !== null;
};

/** Other content types are 415: that also shuts out the form posts a cross-site page can send without CORS. */
const requireJson: MiddlewareHandler = async (c, next) => {
  if (!UNSAFE.has(c.req.method) || !hasBody(c.req.raw)) {
    return next();
  }
  if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
    return c.json({ message: 'Content-Type must be application/json' }, 415);
  }
  // Read once here (Hono caches it for the validators) so malformed JSON is one clear 400 for every route.
  const text = await c.req.text();
  try {
    JSON.parse(text);
  } catch {
    return c.json({ message: 'Malformed JSON in request body' }, 400);
  }
  return next();
};

/** JSON-only API bodies of at most `maxBytes` (413 beyond, counted while streaming, not trusted from headers). */
export function jsonOnly(maxBytes = MAX_JSON_BODY_BYTES): MiddlewareHandler[] {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json({ message: `Request body is larger than ${Math.round(maxBytes / 1024)} KiB` }, 413),
  });
  // GET and HEAD carry no body to limit; skipping them also spares @hono/node-server from building a full
  // Request object (what reading `raw.body` costs), which was a tenth of a session read's time.
  const limitUnsafe: MiddlewareHandler = (c, next) => (UNSAFE.has(c.req.method) ? limit(c, next) : next());
  return [limitUnsafe, requireJson];
}
