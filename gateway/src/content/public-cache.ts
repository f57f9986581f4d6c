import type { MiddlewareHandler } from 'hono';

/** Answers kept at most; the oldest go first past it (a page of long posts is a few MB). */
const MAX_BYTES = 32 * 1024 * 1024;
/** A single answer larger than this is sent but not kept. */
const MAX_ENTRY_BYTES = 8 * 1024 * 1024;

/**
 * The public content API's answers, kept per content version (content/write.ts): what a public read costs (rows
 * read, each checked against its schema, the JSON made) grows with what staff stored, so it is paid once per
 * version and URL, and every other request for it costs one shared read of the version (decision 0049). Only
 * 200 answers are kept (an unknown slug is a cheap indexed miss each time); a new version drops every older
 * answer. The answers are the same for every visitor: these routes read no session.
 */
export function publicContentCache(version: () => Promise<string>): MiddlewareHandler {
  const entries = new Map<string, { version: string; body: Uint8Array<ArrayBuffer> }>();
  let bytes = 0;
  let current = '';
  const drop = (key: string) => {
    bytes -= entries.get(key)?.body.length ?? 0;
    entries.delete(key);
  };

  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const at = await version();
    if (at !== current) {
      current = at;
      for (const key of [...entries.keys()]) drop(key);
    }
    const key = c.req.url;
    const hit = entries.get(key);
    if (hit?.version === at) return c.body(hit.body, 200, { 'Content-Type': 'application/json' });
    await next();
    if (c.res.status !== 200 || at !== current) return;
    const body = new Uint8Array(await c.res.clone().arrayBuffer());
    if (body.length > MAX_ENTRY_BYTES) return;
    drop(key);
    entries.set(key, { version: at, body });
    bytes += body.length;
    for (const old of entries.keys()) {
      if (bytes <= MAX_BYTES) break;
      drop(old);
    }
  };
}
