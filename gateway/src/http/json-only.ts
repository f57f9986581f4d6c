import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export const MAX_JSON_BODY_BYTES = 64 * 1024;
/** Deeper than any payload of the API (quotes reach 4); deep enough that no legitimate body meets it. */
export const MAX_JSON_DEPTH = 32;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Where a parsed body nests deeper than `maxDepth` objects and arrays: the top-level field it happens under, or `_`
 * when the body itself is the deep array. Null when it does not. Iterative, so a 20,000-deep body (64 KiB of `[`)
 * cannot overflow the stack here as it would in the schemas, JSON.stringify or the database driver.
 */
export function tooDeep(value: unknown, maxDepth = MAX_JSON_DEPTH): string | null {
  const stack: [unknown, number, string][] = [[value, 0, '_']];
  while (stack.length) {
    const [node, depth, field] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= maxDepth) return field;
    if (Array.isArray(node)) for (const item of node) stack.push([item, depth + 1, field]);
    else
      for (const key of Object.keys(node))
        stack.push([(node as Record<string, unknown>)[key], depth + 1, depth === 0 ? key : field]);
  }
  return null;
}

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
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return c.json({ message: 'Malformed JSON in request body' }, 400);
  }
  const deep = tooDeep(body);
  if (deep !== null) {
    const message = `${deep === '_' ? 'Request body' : deep} is nested deeper than ${MAX_JSON_DEPTH} levels`;
    return c.json(
      { message: deep === '_' ? message : `Invalid ${deep}: ${message}`, errors: { [deep]: message } },
      400,
    );
  }
  return next();
};

/** JSON-only API bodies of at most `maxBytes` (413 beyond: by the declared length, or counted while streaming). */
export function jsonOnly(maxBytes = MAX_JSON_BODY_BYTES): MiddlewareHandler[] {
  const tooLarge = (c: Context) =>
    c.json({ message: `Request body is larger than ${Math.round(maxBytes / 1024)} KiB` }, 413);
  const limit = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  // GET and HEAD carry no body to limit. A declared length is checked here, as bodyLimit itself would (Node's
  // parser holds a body to it): bodyLimit first reads `raw.body`, which makes @hono/node-server build a full web
  // Request and stream (a tenth of a session read, a fifth of a lead POST). Chunked bodies are counted by bodyLimit.
  const limitUnsafe: MiddlewareHandler = async (c, next) => {
    if (!UNSAFE.has(c.req.method)) return next();
    const length = c.req.header('content-length');
    if (length !== undefined && /^\d+$/.test(length) && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > maxBytes ? tooLarge(c) : next();
    }
    return limit(c, next);
  };
  return [limitUnsafe, requireJson];
}
