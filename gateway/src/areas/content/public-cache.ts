import type { Context, MiddlewareHandler } from 'hono';
import { pickEncoding } from '../../platform/files/compression';
import { encodePage, etagOf, notModified, type Page } from '../../platform/files/encoded-page';

/** Answers kept at most (all three encodings); the oldest go first past it. */
const MAX_BYTES = 48 * 1024 * 1024;
/** A single answer larger than this (as JSON) is sent but not kept. */
const MAX_ENTRY_BYTES = 16 * 1024 * 1024;
/**
 * What an entry costs beside its bodies (the key, the map slot, the promise): counted, so a flood of distinct tiny
 * answers (empty pages far past the last) fills the budget as fast as large ones instead of piling up entries.
 */
const ENTRY_OVERHEAD_BYTES = 1024;

/**
 * The cache key of a request: what its answer depends on, or null when the request is not valid (the route then
 * answers it, 400, and nothing is kept). A key made of the raw URL would let `?x=1`, `?x=2`... make every request a
 * miss (read, checked, serialised and compressed again) and push the real answers out.
 */
export type CacheKey = (c: Context) => string | null;

/** Keys a route that reads no query: its path alone. */
export const byPath: CacheKey = (c) => c.req.path;

/** Keys a route by its path and its query as the route's schema reads it (unknown parameters dropped, defaults in). */
export const byQuery =
  (schema: { safeParse: (input: unknown) => { success: boolean; data?: unknown } }): CacheKey =>
  (c) => {
    const query = schema.safeParse(c.req.query());
    return query.success ? `${c.req.path}?${JSON.stringify(query.data)}` : null;
  };

interface Entry {
  version: string;
  /** The answer's bytes in each encoding; null while it was not a 200 (it is then not kept). */
  page: Promise<Page | null>;
  bytes: number;
}

/**
 * The public content API's answers, kept per content version (areas/content/write.ts) with their gzip and brotli bodies,
 * as pages are (decision 0049): what a public read costs (rows read, each checked against its schema, the JSON
 * made and compressed) grows with what staff stored, so it is paid once per version and URL, and every other request
 * costs one shared read of the version. Requests that arrive while an answer is being made wait for it. Only 200
 * answers are kept (an unknown slug is a cheap indexed miss each time); a new version drops every older answer.
 * The answers are the same for every visitor: these routes read no session.
 */
export function publicContentCache(version: () => Promise<string>, keyOf: CacheKey): MiddlewareHandler {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let current = '';
  const drop = (key: string) => {
    bytes -= entries.get(key)?.bytes ?? 0;
    entries.delete(key);
  };

  const send = (c: Context, page: Page) => {
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Vary: 'Accept-Encoding',
      ETag: etagOf(page, encoding),
    };
    if (notModified(page, c.req.header('if-none-match'))) return c.body(null, 304, headers);
    if (encoding) headers['Content-Encoding'] = encoding;
    return c.body(page.bodies[encoding ?? 'identity'], 200, headers);
  };

  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const at = await version();
    if (at !== current) {
      current = at;
      for (const key of [...entries.keys()]) drop(key);
    }
    const key = keyOf(c);
    if (key === null) return next();
    const hit = entries.get(key);
    if (hit?.version === at) {
      const page = await hit.page;
      if (page) return send(c, page);
      return next();
    }

    let settle: (page: Page | null) => void = () => undefined;
    const entry: Entry = { version: at, page: new Promise((resolve) => (settle = resolve)), bytes: 0 };
    entries.set(key, entry);
    try {
      await next();
    } catch (error) {
      settle(null);
      drop(key);
      throw error;
    }
    if (c.res.status !== 200) {
      settle(null);
      return drop(key);
    }
    const json = await c.res.clone().text();
    if (json.length > MAX_ENTRY_BYTES) {
      settle(null);
      return drop(key);
    }
    const page = await encodePage(json, 200);
    settle(page);
    if (entries.get(key) !== entry) return; // a newer version came meanwhile
    entry.bytes = page.bytes + ENTRY_OVERHEAD_BYTES;
    bytes += entry.bytes;
    for (const old of entries.keys()) {
      if (bytes <= MAX_BYTES || old === key) break;
      drop(old);
    }
    c.res = send(c, page);
  };
}
