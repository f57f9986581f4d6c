import type { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import type { ObjectInfo, ObjectStore } from '../storage/object-store';

export type Loaded = { info: ObjectInfo; bytes: Buffer } | { info: ObjectInfo; body: Readable };

/** What an entry costs besides its bytes (key, info, the cache's own bookkeeping): tiny files still count. */
const ENTRY_OVERHEAD = 256;

/**
 * The hot objects of immutable areas (remote build files, content images), kept in memory up to `maxBytes`, least
 * recently used out first, so a page view is not a round trip to the bucket per asset. An object larger than an
 * eighth of the cache is streamed and never kept. Requests for one object that arrive while it is being fetched
 * share that fetch. Only objects that exist are kept: the callers bound what a name that does not exist can cost.
 */
export function hotObjects(maxBytes: number) {
  const maxEntry = Math.floor(maxBytes / 8);
  const cache =
    maxBytes > 0
      ? new LRUCache<string, { info: ObjectInfo; bytes: Buffer }>({
          maxSize: maxBytes,
          maxEntrySize: maxEntry + ENTRY_OVERHEAD,
          sizeCalculation: (entry) => entry.bytes.length + ENTRY_OVERHEAD,
        })
      : undefined;
  const fetching = new Map<string, Promise<{ info: ObjectInfo; bytes: Buffer } | { large: ObjectInfo } | null>>();

  async function fetchWhole(store: ObjectStore, key: string, id: string, keepBody: (body: Readable) => void) {
    const found = await store.get(key);
    if (!found) return null;
    if (!cache || found.info.size > maxEntry) {
      keepBody(found.body);
      return { large: found.info };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of found.body) chunks.push(Buffer.from(chunk as Uint8Array));
    const entry = { info: found.info, bytes: Buffer.concat(chunks) };
    cache.set(id, entry);
    return entry;
  }

  return {
    /** The object, from memory or the store (bytes when it is kept, a stream when too large), or null. */
    async load(store: ObjectStore, key: string): Promise<Loaded | null> {
      const id = `${store.location}\0${key}`;
      const hit = cache?.get(id);
      if (hit) return hit;
      const running = fetching.get(id);
      if (running) {
        const shared = await running;
        if (!shared || 'bytes' in shared) return shared;
        // Too large to keep: the fetch that found out streams its own body; this request needs another.
        return store.get(key);
      }
      let body: Readable | undefined;
      const fetch = fetchWhole(store, key, id, (b) => (body = b)).finally(() => fetching.delete(id));
      fetching.set(id, fetch);
      const result = await fetch;
      if (!result) return null;
      return 'bytes' in result ? result : { info: result.large, body: body! };
    },
    stats: () => ({ bytes: cache?.calculatedSize ?? 0, entries: cache?.size ?? 0, maxBytes }),
  };
}

export type HotObjects = ReturnType<typeof hotObjects>;
