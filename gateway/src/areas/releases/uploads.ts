import { HTTPException } from 'hono/http-exception';
import { getMimeType } from 'hono/utils/mime';
import type { RemoteName, UploadDeclaration } from '@agency/contracts';
import { readObject, type ObjectStore } from '../../platform/storage/object-store';
import { buildVersionOf, sha256, versionOfHashes } from './content-version';
import type { Logger } from '../../platform/logger';
import { fileKey, parseManifest, storedHash, type ObjectVersionFiles, type VersionManifest } from './version-files';

// A version uploaded through the release API (decision 0059), in three steps over the object store, so any gateway
// sharing it can take any step: the pipeline declares the build's files by path, size and SHA-256 (the version is
// named from them); the gateway copies the files it already holds under another version (same hash) and answers the
// hashes it still needs; the pipeline sends those; sealing checks every file and writes the version's manifest.

/** The declared files of a version being uploaded, until it is sealed. */
const pendingKey = (remote: RemoteName, version: string) => `.uploads/${remote}/${version}.json`;

const fail = (status: 400 | 404 | 409 | 413, message: string) => new HTTPException(status, { message });

/**
 * A declaration not sealed within a day was abandoned (a pipeline run cancelled): it expires (its files can no
 * longer be sent nor sealed), the remote's next declaration removes it and the files sent for it, and so does
 * `remotes prune` (decision 0076).
 */
export const ABANDONED_MS = 24 * 3600 * 1000;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** What the declaring deploy token may still store (decision 0076). */
export interface UploadQuota {
  /** A remote's whole versions and open uploads together, in bytes. */
  storedBytes: number;
  /** Called before a new version's declaration is kept (not for one declared or stored already): throws to refuse. */
  admit(): Promise<void>;
}

/** Removes declarations older than a day; answers their keys. Their files go with `prune`'s incomplete versions. */
export async function pruneUploads(store: ObjectStore, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for await (const info of store.list('.uploads/'))
    if (now - info.modified.getTime() > ABANDONED_MS) {
      await store.delete(info.key);
      removed.push(info.key);
    }
  return removed;
}

const bytesOf = (manifest: VersionManifest | null) =>
  Object.values(manifest?.files ?? {}).reduce((sum, f) => sum + f.size, 0);

export function releaseUploads(store: ObjectStore, versions: ObjectVersionFiles, logger: Logger) {
  const expired = (modified: Date, now: number) => now - modified.getTime() > ABANDONED_MS;

  /**
   * The declaration of a version being uploaded; an expired one is as good as none, and so is one that does not
   * parse, which is removed (logged) so that the pipeline's next declaration starts it again.
   */
  async function pending(remote: RemoteName, version: string, now = Date.now()): Promise<VersionManifest | null> {
    const key = pendingKey(remote, version);
    const info = await store.head(key);
    if (!info || expired(info.modified, now)) return null;
    const bytes = await readObject(store, key);
    if (!bytes) return null;
    const parsed = parseManifest(bytes);
    if (parsed) return parsed;
    logger.warn('upload declaration unreadable: removed, to be declared again', { key });
    await store.delete(key);
    return null;
  }

  /** An expired declaration goes, and the files sent for it with it, unless the version was sealed meanwhile. */
  async function expire(remote: RemoteName, version: string) {
    await store.delete(pendingKey(remote, version));
    if (!(await versions.has(remote, version))) await store.deletePrefix(`${remote}/${version}/`);
  }

  /**
   * The remote's whole versions and open declarations, read once: where each content hash is stored already, and
   * the bytes they take together. Expired declarations are removed on the way.
   */
  async function inventory(remote: RemoteName, except: string, now = Date.now()) {
    const known = new Map<string, string>();
    let stored = 0;
    for (const version of await versions.complete(remote)) {
      const manifest = await versions.manifest(remote, version);
      stored += bytesOf(manifest);
      for (const [file, { sha256: hash }] of Object.entries(manifest?.files ?? {}))
        if (!known.has(hash)) known.set(hash, fileKey(remote, version, file));
    }
    const folder = `.uploads/${remote}/`;
    const open: { version: string; modified: Date }[] = [];
    for await (const info of store.list(folder))
      if (info.key.endsWith('.json'))
        open.push({ version: info.key.slice(folder.length, -5), modified: info.modified });
    for (const { version, modified } of open) {
      if (expired(modified, now)) await expire(remote, version);
      else if (version !== except) stored += bytesOf(await pending(remote, version, now));
    }
    return { known, stored };
  }

  return {
    /**
     * Records the declared files and stores those already held; answers the hashes still to send. A new version
     * is first admitted by the quota: the token's versions a day, and the remote's stored bytes with it.
     */
    async declare(remote: RemoteName, declared: UploadDeclaration, quota: UploadQuota) {
      const version = versionOfHashes(declared.buildVersion, declared.files);
      if (await versions.has(remote, version)) return { version, missing: [], complete: true };
      const files = Object.fromEntries(
        [...declared.files]
          .sort((a, b) => (a.path < b.path ? -1 : 1))
          .map((f) => [f.path, { size: f.size, sha256: f.sha256 }]),
      );
      const { known, stored } = await inventory(remote, version);
      if (!(await pending(remote, version))) {
        const size = bytesOf({ remote, version, files });
        if (stored + size > quota.storedBytes)
          throw fail(
            413,
            `${remote}'s stored versions and open uploads take ${megabytes(stored)}; this build's ` +
              `${megabytes(size)} would pass the ${megabytes(quota.storedBytes)} its deploy tokens may store ` +
              '(DEPLOY_STORED_MB). Ask the operator to remove old versions (remotes prune).',
          );
        await quota.admit();
        // A declaration that expired is gone now (inventory): this one starts the day again.
        await store.put(pendingKey(remote, version), Buffer.from(JSON.stringify({ remote, version, files })), {
          contentType: 'application/json',
        });
      }
      // The first declaration of a version is kept (a put never overwrites): a second one names the same hashes.
      const manifest = (await pending(remote, version))!;
      const missing = new Set<string>();
      for (const [file, expected] of Object.entries(manifest.files)) {
        const key = fileKey(remote, version, file);
        const stored = await storedHash(store, key);
        if (stored?.sha256 === expected.sha256) continue;
        const source = known.get(expected.sha256);
        const bytes = source ? await readObject(store, source) : null;
        if (bytes && sha256(bytes) === expected.sha256)
          await store.put(key, bytes, { contentType: getMimeType(file), sha256: expected.sha256 });
        else missing.add(expected.sha256);
      }
      return { version, missing: [...missing].sort(), complete: false };
    },

    /** Stores one sent file under every path of the version that has its hash. */
    async receive(remote: RemoteName, version: string, hash: string, bytes: Buffer) {
      const manifest = await pending(remote, version);
      if (!manifest) {
        if (await versions.has(remote, version)) return;
        throw fail(404, `${remote} ${version} has not been declared, or its upload expired: declare its files first.`);
      }
      if (sha256(bytes) !== hash)
        throw fail(400, 'The file sent does not have the SHA-256 its address names; nothing was stored.');
      const paths = Object.entries(manifest.files).filter(([, f]) => f.sha256 === hash);
      if (paths.length === 0) throw fail(400, `No file of ${remote} ${version} has that SHA-256.`);
      for (const [file, expected] of paths) {
        if (expected.size !== bytes.length)
          throw fail(400, `${file} was declared as ${expected.size} bytes but ${bytes.length} were sent.`);
        await store.put(fileKey(remote, version, file), bytes, { contentType: getMimeType(file), sha256: hash });
      }
    },

    /**
     * Completes the version: every declared file stored as declared, the build version in its manifest the one it
     * was named with; then the version's manifest is written (version-files.ts) and the declaration removed.
     */
    async seal(remote: RemoteName, version: string): Promise<void> {
      if (await versions.has(remote, version)) return;
      const manifest = await pending(remote, version);
      if (!manifest)
        throw fail(404, `${remote} ${version} has not been declared, or its upload expired: declare its files first.`);
      const federation = await readObject(store, fileKey(remote, version, 'mf-manifest.json'));
      let buildVersion: string | null = null;
      try {
        buildVersion = federation ? buildVersionOf([{ path: 'mf-manifest.json', bytes: federation }]) : null;
      } catch {
        buildVersion = null;
      }
      const named = Object.entries(manifest.files).map(([path, f]) => ({ path, sha256: f.sha256 }));
      if (buildVersion === null || versionOfHashes(buildVersion, named) !== version)
        throw fail(400, 'The build version in mf-manifest.json is not the one the upload was declared with.');
      try {
        await versions.seal(manifest);
      } catch (error) {
        throw fail(409, `Some files are missing or differ from their declaration: ${(error as Error).message}`);
      }
      await store.delete(pendingKey(remote, version));
    },
  };
}

export type ReleaseUploads = ReturnType<typeof releaseUploads>;
