import { randomUUID } from 'node:crypto';
import { cp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { VersionFiles } from './storage';

/** Each version's files under `<dir>/<name>/<version>/`, as the gateway serves them. */
export function fileVersions(dir: string): VersionFiles {
  const folder = (name: string, version: string) => path.join(dir, name, version);
  return {
    has: (name, version) =>
      stat(folder(name, version)).then(
        () => true,
        () => false,
      ),
    // Copied beside the store's versions first, then renamed into place: a version folder is always whole.
    async put(name, version, distDir) {
      const staging = path.join(dir, name, `.staging-${randomUUID()}`);
      await cp(distDir, staging, { recursive: true });
      await rename(staging, folder(name, version));
    },
    // A copy a crash left half-done is listed too, so `remotes prune` clears it.
    list: (name) => readdir(path.join(dir, name)).catch(() => [] as string[]),
    remove: (name, version) => rm(folder(name, version), { recursive: true, force: true }),
  };
}
