import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export interface BuildFile {
  /** `/`-separated, relative to the build's folder. */
  path: string;
  bytes: Buffer;
}

/**
 * A build's regular files, sorted by path. A symbolic link (or anything else that is not a file) is no part of a
 * build: it is neither hashed nor stored, so a link a build slipped in can never bring another file into the store.
 */
export async function readBuild(distDir: string): Promise<BuildFile[]> {
  const found: BuildFile[] = [];
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile())
        found.push({ path: path.relative(distDir, full).split(path.sep).join('/'), bytes: await readFile(full) });
    }
  }
  await walk(distDir);
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Federation's build statistics for tools, never read at run time. The bundler lists their entries in whatever
 * order its parallel build finished, so identical builds differ in this file alone.
 */
export const UNVERSIONED_FILES = new Set(['mf-stats.json']);

/** What naming a version reads of a build's `mf-manifest.json`. */
const BuildInfoSchema = z.object({
  metaData: z.object({ buildInfo: z.object({ buildVersion: z.string().optional() }).optional() }).optional(),
});

/** The build's own version, from its `mf-manifest.json` (`0.0.0` when it names none), as a version name's start. */
export function buildVersionOf(files: readonly BuildFile[]): string {
  const manifestFile = files.find((f) => f.path === 'mf-manifest.json');
  if (!manifestFile) return '0.0.0';
  // Not JSON throws (a publish refuses it, adopting skips it); JSON of another shape names no version.
  const manifest = BuildInfoSchema.safeParse(JSON.parse(manifestFile.bytes.toString('utf8')));
  return (manifest.success ? manifest.data.metaData?.buildInfo?.buildVersion : undefined) ?? '0.0.0';
}

/**
 * Same files, same version: publishing an unchanged build is a no-op, a changed one never overwrites. The version is
 * the build's own version and a hash of its files' paths and SHA-256s, so a pipeline that sends only the hashes
 * first (the release API, decision 0059) learns the version before sending any bytes, and a stored version's files
 * can be checked against its name.
 */
export function versionOfHashes(buildVersion: string, files: readonly { path: string; sha256: string }[]): string {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const hash = createHash('sha256');
  for (const file of sorted) {
    if (UNVERSIONED_FILES.has(file.path)) continue;
    hash.update(file.path).update('\0').update(file.sha256).update('\0');
  }
  return `${buildVersion.replace(/[^\w.-]/g, '')}-${hash.digest('hex').slice(0, 12)}`;
}

export const versionOf = (files: readonly BuildFile[]): string =>
  versionOfHashes(
    buildVersionOf(files),
    files.map((f) => ({ path: f.path, sha256: sha256(f.bytes) })),
  );

/**
 * How versions were named before the release API (a hash over the files' bytes): folders stored then are still
 * adopted by it (version-files.ts).
 */
export function legacyVersionOf(files: readonly BuildFile[]): string {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const hash = createHash('sha256');
  for (const file of sorted) {
    if (UNVERSIONED_FILES.has(file.path)) continue;
    hash.update(file.path).update('\0').update(file.bytes).update('\0');
  }
  return `${buildVersionOf(files).replace(/[^\w.-]/g, '')}-${hash.digest('hex').slice(0, 12)}`;
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
