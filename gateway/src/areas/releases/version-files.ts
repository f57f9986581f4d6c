import { REMOTE_NAMES, RemoteNameSchema, type RemoteName } from '@agency/contracts';
import { getMimeType } from 'hono/utils/mime';
import { z } from 'zod';
import { createLogger, type Logger } from '../../platform/logger';
import { readObject, type ObjectStore } from '../../platform/storage/object-store';
import { legacyVersionOf, readBuild, sha256, versionOf } from './content-version';
import { gzipSizesKey } from './gzip-sizes';
import type { VersionFiles } from './storage';

/** What a stored version holds: written last, after every file is stored and checked (decision 0057). */
export const VersionManifestSchema = z.object({
  remote: RemoteNameSchema,
  version: z.string().min(1),
  /** By path inside the version: each file's size and SHA-256. */
  files: z.record(z.string(), z.object({ size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});
export type VersionManifest = z.infer<typeof VersionManifestSchema>;

/** A stored manifest (a version's, or an upload's declaration) read by its schema; null when it does not parse. */
export function parseManifest(bytes: Buffer): VersionManifest | null {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = VersionManifestSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** Files uploaded at once during a publish. */
const UPLOADS_AT_ONCE = 8;

/** Every complete version has one, outside the versions' own folders: `.versions/<remote>/<version>.json`. */
export const manifestKey = (name: string, version: string) => `.versions/${name}/${version}.json`;
export const fileKey = (name: string, version: string, file: string) => `${name}/${version}/${file}`;

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The object's SHA-256: as recorded at its put (a bucket's metadata), else read and hashed. */
export async function storedHash(store: ObjectStore, key: string): Promise<{ size: number; sha256: string } | null> {
  const info = await store.head(key);
  if (!info) return null;
  if (info.sha256) return { size: info.size, sha256: info.sha256 };
  const bytes = await readObject(store, key);
  return bytes ? { size: bytes.length, sha256: sha256(bytes) } : null;
}

export type ObjectVersionFiles = VersionFiles & {
  /**
   * The manifest of a complete version, or null (none, still being uploaded, or one that does not parse: logged,
   * and the version is not stored whole until a publish of it writes its manifest again).
   */
  manifest(name: RemoteName, version: string): Promise<VersionManifest | null>;
  /** The remote's complete versions. */
  complete(name: RemoteName): Promise<string[]>;
  /**
   * Gives a manifest to each version folder stored before manifests existed whose files hash to its name (the
   * content version, so it is whole); a folder a killed upload left does not, and stays incomplete. Answers the
   * versions adopted.
   */
  adopt(): Promise<string[]>;
  /**
   * Checks every file the manifest lists is stored as it says (size and SHA-256), then writes the manifest: how the
   * release API completes a version uploaded file by file (areas/releases/uploads.ts). Throws naming the files that differ.
   */
  seal(manifest: VersionManifest): Promise<void>;
};

/**
 * Each version's files in an object store, at `<remote>/<version>/<file>`. A version is stored file by file, every
 * file is checked against what was sent (its size and SHA-256), and only then is its manifest written: `has` looks
 * for the manifest, so a publisher killed halfway leaves a version that is never selected nor served, and the next
 * publish of it stores what is missing and writes the manifest. A stored file is never overwritten.
 */
export function objectVersionFiles(store: ObjectStore, logger: Logger = createLogger('warn')): ObjectVersionFiles {
  async function manifest(name: RemoteName, version: string): Promise<VersionManifest | null> {
    const key = manifestKey(name, version);
    const bytes = await readObject(store, key);
    if (!bytes) return null;
    const parsed = parseManifest(bytes);
    if (!parsed) logger.warn('stored version manifest unreadable: the version is not served', { key });
    return parsed;
  }

  /** Checks every file against the manifest to be, then writes it (a concurrent publisher may have already). */
  async function seal(written: VersionManifest): Promise<void> {
    const wrong: string[] = [];
    await inParallel(Object.entries(written.files), UPLOADS_AT_ONCE, async ([file, expected]) => {
      const stored = await storedHash(store, fileKey(written.remote, written.version, file));
      if (stored?.size !== expected.size || stored.sha256 !== expected.sha256) wrong.push(file);
    });
    if (wrong.length)
      throw new Error(
        `${written.remote} ${written.version}: ${wrong.sort().join(', ')} did not store as sent (${store.location})`,
      );
    const key = manifestKey(written.remote, written.version);
    const body = Buffer.from(JSON.stringify(written, null, 2));
    if (await store.put(key, body, { contentType: 'application/json' })) return;
    // One there already stays (a concurrent publisher's), unless it does not parse: then it is no version, and this
    // one, whose every file was just checked, replaces it.
    if (await manifest(written.remote, written.version)) return;
    await store.delete(key);
    await store.put(key, body, { contentType: 'application/json' });
  }

  async function complete(name: RemoteName): Promise<string[]> {
    const folder = `.versions/${name}/`;
    const versions: string[] = [];
    for await (const info of store.list(folder))
      if (info.key.endsWith('.json')) versions.push(info.key.slice(folder.length, -'.json'.length));
    return versions;
  }

  return {
    manifest,
    complete,
    seal,
    // Read, not only looked for: a manifest that does not parse leaves its version to be published again.
    has: async (name, version) => (await manifest(name, version)) !== null,

    async put(name, version, distDir) {
      const build = await readBuild(distDir);
      const files: VersionManifest['files'] = {};
      await inParallel(build, UPLOADS_AT_ONCE, async ({ path, bytes }) => {
        const key = fileKey(name, version, path);
        const hash = sha256(bytes);
        const stored = await store.put(key, bytes, { contentType: getMimeType(path), sha256: hash });
        // One already there (an earlier, interrupted upload of this version) stays: the manifest lists what is stored.
        const kept = stored ? { size: bytes.length, sha256: hash } : await storedHash(store, key);
        if (!kept) throw new Error(`${key} vanished from ${store.location} while it was being published`);
        files[path] = kept;
      });
      const sorted = Object.keys(files).sort();
      await seal({ remote: name, version, files: Object.fromEntries(sorted.map((f) => [f, files[f]!])) });
    },

    // Every version folder, complete or not, so `remotes prune` clears what an interrupted upload left.
    list: (name) => store.folders(`${name}/`),

    // The manifest goes first: a removal cut short leaves an incomplete version, which the next prune finishes.
    async remove(name, version) {
      await store.delete(manifestKey(name, version));
      await store.delete(gzipSizesKey(name, version));
      await store.deletePrefix(`${name}/${version}/`);
    },

    async adopt() {
      const adopted: string[] = [];
      for (const name of REMOTE_NAMES) {
        const done = new Set(await complete(name));
        for (const version of await store.folders(`${name}/`)) {
          if (version.startsWith('.') || done.has(version)) continue;
          const build = [];
          for await (const info of store.list(`${name}/${version}/`)) {
            const bytes = await readObject(store, info.key);
            if (bytes) build.push({ path: info.key.slice(`${name}/${version}/`.length), bytes });
          }
          let whole = false;
          try {
            whole = build.length > 0 && (versionOf(build) === version || legacyVersionOf(build) === version);
          } catch {
            // An unreadable mf-manifest.json: not a whole build.
          }
          if (!whole) continue;
          const files = Object.fromEntries(
            build
              .sort((a, b) => (a.path < b.path ? -1 : 1))
              .map((f) => [f.path, { size: f.bytes.length, sha256: sha256(f.bytes) }]),
          );
          await seal({ remote: name, version, files });
          adopted.push(`${name}/${version}`);
        }
      }
      return adopted;
    },
  };
}
