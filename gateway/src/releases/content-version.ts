import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

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

/**
 * Same files, same version: publishing an unchanged build is a no-op, a changed one never overwrites. The version is
 * the build's own version and a hash of its files, so a stored version's files can be checked against its name
 * (version-files.ts adopts a folder from before the version manifests this way).
 */
export function versionOf(files: readonly BuildFile[]): string {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const manifestFile = sorted.find((f) => f.path === 'mf-manifest.json');
  const manifest = manifestFile
    ? (JSON.parse(manifestFile.bytes.toString('utf8')) as { metaData?: { buildInfo?: { buildVersion?: string } } })
    : {};
  const hash = createHash('sha256');
  for (const file of sorted) {
    if (UNVERSIONED_FILES.has(file.path)) continue;
    hash.update(file.path).update('\0').update(file.bytes).update('\0');
  }
  const base = (manifest.metaData?.buildInfo?.buildVersion ?? '0.0.0').replace(/[^\w.-]/g, '');
  return `${base}-${hash.digest('hex').slice(0, 12)}`;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
