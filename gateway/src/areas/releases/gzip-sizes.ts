import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { z } from 'zod';
import type { RemoteName } from '@agency/contracts';
import { readObject, type ObjectStore } from '../../platform/storage/object-store';

const gzipAsync = promisify(gzip);

/** A version's compressed sizes, outside its folder and `.versions/` (whose every `.json` is a manifest). */
export const gzipSizesKey = (remote: string, version: string) => `.sizes/${remote}/${version}.json`;

const SizesSchema = z.record(z.string(), z.number().int().min(0));

export interface GzipSizes {
  /** The file's gzip size, or null when the version has no such file. */
  size(file: string): Promise<number | null>;
  /** Keeps the sizes made since the version's were read (nothing when none were). */
  save(): Promise<void>;
}

/**
 * The gzip size of each file the budget check counts (decision 0076). Compression runs in zlib's thread pool, never
 * on the event loop, where a 20 MB chunk would hold every visitor's request for most of a second; and once per
 * version: the sizes are kept in the object store, so a re-seal, `remotes check` or another gateway reads them
 * instead. A stored version's files never change, so neither do their sizes. Without a store (a folder being
 * checked), they are made and forgotten.
 */
export async function gzipSizes(
  read: (file: string) => Promise<Buffer | null>,
  kept?: { store: ObjectStore; remote: RemoteName; version: string },
): Promise<GzipSizes> {
  const key = kept ? gzipSizesKey(kept.remote, kept.version) : null;
  const stored = kept && key ? await readObject(kept.store, key) : null;
  let known: Record<string, number> = {};
  try {
    known = stored ? SizesSchema.parse(JSON.parse(stored.toString('utf8'))) : {};
  } catch {
    // An unreadable record is made again.
  }
  const sizes = new Map(Object.entries(known));
  let made = false;
  return {
    async size(file) {
      const size = sizes.get(file);
      if (size !== undefined) return size;
      const bytes = await read(file);
      if (!bytes) return null;
      const compressed = (await gzipAsync(bytes)).length;
      sizes.set(file, compressed);
      made = true;
      return compressed;
    },
    async save() {
      if (!kept || !key || !made) return;
      // A put never overwrites: the older record (a subset of these sizes) goes first.
      await kept.store.delete(key);
      await kept.store.put(key, Buffer.from(JSON.stringify(Object.fromEntries(sizes))), {
        contentType: 'application/json',
      });
    },
  };
}
