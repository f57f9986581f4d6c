import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { every } from 'hono/combine';
import { matchedRoutes } from 'hono/route';
import type { z } from 'zod';
import { maxJsonBytes } from './json-size';

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

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** Framing headers that announce bytes: a length above zero, or chunks. */
const announcesBody = (c: Context) => {
  const length = c.req.header('content-length');
  return c.req.header('transfer-encoding') !== undefined || (length !== undefined && length !== '0');
};

const unsupported = (c: Context) => c.json({ message: 'Content-Type must be application/json' }, 415);

/**
 * A body must be JSON; a request without one (a DELETE, a sign-out) needs no type (decision 0050). Another declared
 * type is 415 even with no bytes: that shuts out the form posts a cross-site page can send without CORS (a form
 * always declares its type, empty or not); a bodiless cross-site request is the same-origin check's to refuse.
 */
const requireJson: MiddlewareHandler = async (c, next) => {
  if (!UNSAFE.has(c.req.method)) return next();
  const type = c.req.header('content-type');
  const json = type !== undefined && JSON_TYPE.test(type);
  if (type !== undefined && !json) return unsupported(c);
  if (!json && announcesBody(c)) return unsupported(c);
  // Off the wire, a request with neither a length nor chunks has no body (RFC 9112 6.3) and its stream ends at once;
  // one made in-process (`app.request`) carries its body without either header, so the bytes decide.
  // Read once here (Hono caches it for the validators) so malformed JSON is one clear 400 for every route.
  const text = c.req.header('content-length') === '0' ? '' : await c.req.text();
  if (text === '') return next();
  if (!json) return unsupported(c);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return c.json({ message: 'Malformed JSON in request body' }, 400);
  }
  const deep = tooDeep(body);
  if (deep !== null) {
    const message = `${deep === '_' ? 'The request body' : `The field ${deep}`} is nested deeper than ${MAX_JSON_DEPTH} levels.`;
    return c.json({ message, errors: { [deep]: message } }, 400);
  }
  return next();
};

/** "64 KiB", "1.4 MiB": a limit as the 413 answers and docs/api.md say it. */
export const shownSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KiB` : `${Math.floor((bytes / 1024 / 1024) * 10) / 10} MiB`;

/** JSON bodies of at most `maxBytes` (413 with `message` beyond: by the declared length, or counted while streaming). */
function jsonBodyOf(maxBytes: number, message: string): MiddlewareHandler {
  const tooLarge = (c: Context) => c.json({ message }, 413);
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
  return every(limitUnsafe, requireJson);
}

/** Route middleware that set their own body limit: the API-wide one steps aside for their routes. */
const routeLimits = new WeakSet<object>();

/**
 * Marks the route of an entry that takes a raw body of its own type and size (an upload): the API-wide JSON rule
 * steps aside for it wherever the route is mounted, so no area depends on being mounted before that rule.
 */
export const rawBody: MiddlewareHandler = (_c, next) => next();
routeLimits.add(rawBody);

/**
 * A route's own JSON body limit, for a route whose fields hold more than the API's 64 KiB (decision 0050). Place it
 * after the route's access guard: a stranger is refused before a byte of a large body is read.
 */
export function jsonBody(maxBytes: number, message: string): MiddlewareHandler {
  const middleware = jsonBodyOf(maxBytes, message);
  routeLimits.add(middleware);
  return middleware;
}

/**
 * The body limit for `schema`'s routes: the largest JSON its valid input can be sent as (platform/http/json-size.ts), in
 * whole KiB and never less than the API's default. A schema with a field of no length limit keeps the default.
 */
export function schemaBodyBytes(schema: z.ZodType): number {
  const derived = maxJsonBytes(schema);
  if (!Number.isFinite(derived)) return MAX_JSON_BODY_BYTES;
  return Math.max(MAX_JSON_BODY_BYTES, Math.ceil(derived / 1024) * 1024);
}

/** `jsonBody` sized for `schema` (schemaBodyBytes); `message` says the limit in words, given it as "1.4 MiB". */
export function schemaBody(schema: z.ZodType, message: (size: string) => string): MiddlewareHandler {
  const bytes = schemaBodyBytes(schema);
  return jsonBody(bytes, message(shownSize(bytes)));
}

/**
 * The API's rule for every route: JSON bodies of at most 64 KiB, or none. A route with its own `jsonBody` (found
 * among the handlers Hono matched for the request) is left to it.
 */
export function jsonOnly(): MiddlewareHandler {
  const check = jsonBodyOf(MAX_JSON_BODY_BYTES, `Request body is larger than ${shownSize(MAX_JSON_BODY_BYTES)}`);
  return async (c, next) => {
    if (!UNSAFE.has(c.req.method) || matchedRoutes(c).some((route) => routeLimits.has(route.handler))) return next();
    return check(c, next);
  };
}
