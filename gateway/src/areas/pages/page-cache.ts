import type { Page } from '../../platform/files/encoded-page';

/**
 * Anonymous page HTML is the same for every visitor (nothing personal is rendered into it), so a CDN or proxy may
 * hold it for a minute and serve it stale for ten more while it fetches the new one; browsers revalidate every time
 * (a 304 while nothing changed). See docs/operations.md, Edge caching, for what that means for a deploy.
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/**
 * Everything a page's bytes depend on besides the code: the route (or '404', which every unknown path shares) and
 * the live pointer. Each field is part of the cache key, so a later one (the content version of staff-edited
 * content, a canary bucket that has its own pointer) is added here and nowhere else. The public configuration is
 * read once at start-up: changing it is a restart, which starts with an empty cache.
 */
export interface PageKey {
  /** The public site or the portal (decision 0077): their pages differ in config, pointer and head. */
  site: 'public' | 'portal';
  route: string;
  pointer: string;
  /** The content version (areas/content/write.ts) of a page that shows staff-edited content; absent on the others. */
  content?: string;
  /** Which of the route's `serverQuery` parameters the request had (names only, never values); absent for none. */
  query?: string;
}

const keyOf = (key: PageKey) =>
  JSON.stringify(
    Object.entries(key)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/** A build's result: the page, when it should be built again (a failed render's retry), and a better page to come. */
export interface Built {
  page: Page;
  refreshAt: number;
  /** A render still running when this page (rendered in the browser) was given out; it replaces it when done. */
  later?: Promise<Built>;
  /** False: give the page to the requests waiting for it, keep nothing (a 404 for a slug nobody has). */
  keep?: false;
}

interface Entry {
  key: PageKey;
  page: Promise<Page>;
  refreshAt: number;
  building: boolean;
  bytes: number;
}

/**
 * Built pages in memory. Entries are bounded by the route table (plus one 404 page, and one page per published post
 * and active case study) times the live pointers, since a pointer change drops every entry of another pointer and a
 * content change every entry of older content (`retain`); unknown slugs are never kept. On top of that `maxBytes` is a hard cap (the
 * oldest entries go first). Concurrent requests for a page not yet built wait for one build; a page due for a
 * retry keeps being served while it is built again.
 */
export function createPageCache({ maxBytes }: { maxBytes: number }) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  function drop(id: string) {
    const entry = entries.get(id);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(id);
  }

  function settle(id: string, entry: Entry, built: Built) {
    if (entries.get(id) !== entry) return; // dropped meanwhile (a deploy)
    if (built.keep === false) return drop(id);
    bytes += built.page.bytes - entry.bytes;
    Object.assign(entry, { page: Promise.resolve(built.page), refreshAt: built.refreshAt, bytes: built.page.bytes });
    entry.building = Boolean(built.later);
    built.later?.then(
      (better) => settle(id, entry, better),
      () => (entry.building = false),
    );
    for (const old of entries.keys()) {
      if (bytes <= maxBytes || old === id) break;
      drop(old);
    }
  }

  function build(id: string, entry: Entry, make: () => Promise<Built>): Promise<Page> {
    entry.building = true;
    const built = make();
    built.then(
      (result) => settle(id, entry, result),
      () => {
        entry.building = false;
        if (entry.bytes === 0) entries.delete(id); // never built: the next request tries again
      },
    );
    return built.then((result) => result.page);
  }

  return {
    get(key: PageKey, make: () => Promise<Built>): Promise<Page> {
      const id = keyOf(key);
      const entry = entries.get(id);
      if (!entry) {
        // In the map before its build starts, so that concurrent requests wait for this one build.
        const fresh = { key, refreshAt: Infinity, building: true, bytes: 0 } as Entry;
        entries.set(id, fresh);
        fresh.page = build(id, fresh, make);
        return fresh.page;
      }
      if (!entry.building && Date.now() >= entry.refreshAt) void build(id, entry, make).catch(() => undefined);
      return entry.page;
    },
    /** Keeps only the entries `keep` accepts (a deploy or rollback: those of the live pointer; new content). */
    retain(keep: (key: PageKey) => boolean) {
      for (const [id, entry] of entries) if (!keep(entry.key)) drop(id);
    },
    stats: () => ({ entries: entries.size, bytes }),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
