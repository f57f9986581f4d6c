import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_BUILD_FILE, type RemoteName } from '@agency/contracts';
import { getMimeType } from 'hono/utils/mime';
import { LRUCache } from 'lru-cache';
import type { HotObjects } from '../../platform/files/hot-objects';
import { objectResponse, type ObjectRequest } from '../../platform/files/object-response';
import type { Logger } from '../../platform/logger';
import { sha256, type LivePointer, type ObjectVersionFiles, type VersionManifest } from '../releases';
import { isKey, type ObjectStore } from '../../platform/storage/object-store';
import { cacheControlFor } from './static-files';

/** The server builds are published with the browser builds but run only in the gateway: never served. */
const SERVER_BUILD_DIR = path.dirname(SERVER_BUILD_FILE).toLowerCase();
/** A version no one asked for is looked for again (one listing of the remote's versions) at most this often. */
const RELIST_MS = 2_000;
/** Manifests of the versions served lately (each a few KB); versions are immutable, so they are kept until pushed out. */
const MANIFESTS_KEPT = 200;
/** Server builds kept on local disk per remote (the live one, a canary, the ones before). */
const SERVER_BUILDS_KEPT = 4;

export interface RemoteFilesDeps {
  store: ObjectStore;
  versions: ObjectVersionFiles;
  hot: HotObjects;
  live: () => Promise<LivePointer>;
  /** Server builds fetched from a bucket are kept here, per remote and version. */
  cacheDir: string;
  /** A folder store from before version manifests: a version the release state names may still need adopting. */
  mayBeUnadopted: boolean;
  /** Cross-origin reads allowed, for browsers loading the builds from a CDN in front of this gateway. */
  crossOrigin: boolean;
  logger: Logger;
}

/**
 * The stored versions of the remotes as the gateway uses them: their browser files served over HTTP (from memory
 * when hot), their manifests read, their server builds kept as local files for the render processes. A version is
 * used only once its manifest says it is whole (version-files.ts), and only the files it lists are served. A version
 * the live pointer does not know is looked for in one listing of the remote's versions, at most every two seconds,
 * so names made up by a visitor cost nothing at the store.
 */
export function remoteFiles({
  store,
  versions,
  hot,
  live,
  cacheDir,
  mayBeUnadopted,
  crossOrigin,
  logger,
}: RemoteFilesDeps) {
  const manifests = new LRUCache<string, VersionManifest>({ max: MANIFESTS_KEPT });
  const reading = new Map<string, Promise<VersionManifest | null>>();
  const listed = new Map<RemoteName, { at: number; versions: Promise<Set<string>> }>();

  function completeVersions(name: RemoteName): Promise<Set<string>> {
    const last = listed.get(name);
    if (last && Date.now() - last.at < RELIST_MS) return last.versions;
    const next = { at: Date.now(), versions: versions.complete(name).then((list) => new Set(list)) };
    next.versions.catch(() => listed.get(name) === next && listed.delete(name));
    listed.set(name, next);
    return next.versions;
  }

  // Once per process: the folders of a store from before manifests are hashed and given theirs (version-files.ts).
  let adopted: Promise<unknown> | undefined;
  const adoptOnce = () =>
    (adopted ??= versions.adopt().catch((error: unknown) => {
      logger.warn('stored versions could not be adopted', { error: String(error) });
    }));
  // Started at once, so versions from before an upgrade are servable for open tabs within moments of a start.
  if (mayBeUnadopted) void adoptOnce();
  async function readManifest(name: RemoteName, version: string): Promise<VersionManifest | null> {
    const found = await versions.manifest(name, version);
    if (found || !mayBeUnadopted) return found;
    await adoptOnce();
    return versions.manifest(name, version);
  }

  /** The manifest of a whole stored version, or null. */
  async function manifestOf(name: RemoteName, version: string): Promise<VersionManifest | null> {
    const id = `${name}/${version}`;
    const known = manifests.get(id);
    if (known) return known;
    const named = (await live()).isKnown(name, version);
    if (!named && !(await completeVersions(name)).has(version)) return null;
    let read = reading.get(id);
    if (!read) {
      read = readManifest(name, version).finally(() => reading.delete(id));
      reading.set(id, read);
    }
    const manifest = await read;
    if (manifest) manifests.set(id, manifest);
    return manifest;
  }

  const serverBuilds = new Map<string, Promise<string | null>>();

  async function fetchServerBuild(name: RemoteName, version: string, expected: string): Promise<string | null> {
    const key = `${name}/${version}/${SERVER_BUILD_FILE}`;
    const local = await store.localPath(key);
    if (local) return local;
    const target = path.join(cacheDir, name, version, path.basename(SERVER_BUILD_FILE));
    const cached = await stat(target).catch(() => null);
    if (cached?.isFile()) return target;
    const loaded = await hot.load(store, key);
    if (!loaded) return null;
    const bytes =
      'bytes' in loaded
        ? loaded.bytes
        : Buffer.concat(await loaded.body.toArray().then((chunks) => chunks.map((c) => Buffer.from(c as Uint8Array))));
    if (sha256(bytes) !== expected) throw new Error(`${key} does not match its version's manifest`);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, target);
    // Older versions' server builds go: a remote needs its live version's, a canary's and the last few.
    const kept = await readdir(path.join(cacheDir, name), { withFileTypes: true });
    const dated = await Promise.all(
      kept
        .filter((e) => e.isDirectory() && e.name !== version)
        .map(async (e) => ({ name: e.name, at: (await stat(path.join(cacheDir, name, e.name))).mtimeMs })),
    );
    for (const old of dated.sort((a, b) => b.at - a.at).slice(SERVER_BUILDS_KEPT - 1))
      await rm(path.join(cacheDir, name, old.name), { recursive: true, force: true });
    return target;
  }

  return {
    manifestOf,

    /** A browser file of a stored version: `encoded` is the rest of the URL path, percent-encoded as it came. */
    async serve(name: RemoteName, version: string, encoded: string, request: ObjectRequest): Promise<Response | null> {
      let file: string;
      try {
        file = decodeURIComponent(encoded);
      } catch {
        return null;
      }
      if (!isKey(file) || file.split('/')[0]!.toLowerCase() === SERVER_BUILD_DIR) return null;
      const manifest = await manifestOf(name, version);
      if (!manifest || !Object.hasOwn(manifest.files, file)) return null;
      return objectResponse(store, `${name}/${version}/${file}`, request, {
        hot,
        headers: {
          'Content-Type': getMimeType(file) ?? 'application/octet-stream',
          'Cache-Control': cacheControlFor(file),
          ...(crossOrigin ? { 'Access-Control-Allow-Origin': '*' } : {}),
        },
      });
    },

    /** A file of a whole stored version (its mf-manifest.json, say), or null. */
    async read(name: RemoteName, version: string, file: string): Promise<Buffer | null> {
      const manifest = await manifestOf(name, version);
      if (!manifest || !Object.hasOwn(manifest.files, file)) return null;
      const loaded = await hot.load(store, `${name}/${version}/${file}`);
      if (!loaded) return null;
      if ('bytes' in loaded) return loaded.bytes;
      return Buffer.concat((await loaded.body.toArray()).map((c) => Buffer.from(c as Uint8Array)));
    },

    /**
     * The version's server build as a file on this machine for the render processes, or null when it has none: read
     * in place from a folder store; from a bucket, fetched once, checked against the manifest and kept on disk.
     */
    async serverBuild(
      name: RemoteName,
      version: string,
      // The pre-flight checks pass a version's manifest they read themselves: it is not yet in any listing here.
      given?: VersionManifest,
    ): Promise<string | null> {
      const manifest = given ?? (await manifestOf(name, version));
      const expected = manifest?.files[SERVER_BUILD_FILE];
      if (!expected) return null;
      const id = `${name}/${version}`;
      let fetching = serverBuilds.get(id);
      if (!fetching) {
        fetching = fetchServerBuild(name, version, expected.sha256);
        serverBuilds.set(id, fetching);
        // Kept while it worked (the path stays valid); a failure is tried again next time.
        fetching.catch((error: unknown) => {
          serverBuilds.delete(id);
          logger.warn('server build could not be fetched from the object store', { id, error: String(error) });
        });
      }
      const file = await fetching;
      // A build pushed out of the local cache (SERVER_BUILDS_KEPT) is fetched again.
      if (file && !(await stat(file).catch(() => null))) {
        serverBuilds.delete(id);
        return fetchServerBuild(name, version, expected.sha256);
      }
      return file;
    },
  };
}

export type RemoteFiles = ReturnType<typeof remoteFiles>;
