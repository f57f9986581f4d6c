import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, realpath, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, type ObjectInfo, type ObjectStore } from './object-store';

/** Files being written carry this prefix until they are linked into place; never an object. */
const TEMP_PREFIX = '.tmp-';

const missing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * Objects as files under `root` (the embedded default: today's folders, REMOTES_DIR and the rest). A key is a path
 * below the root; whatever it resolves to (symlinks followed) must be a regular file inside the root's real path,
 * so nothing a build or a stray link puts there reaches outside it. A put writes a temporary file beside the target
 * and hard-links it into place, which fails when the target exists: atomic, and never an overwrite.
 */
export function folderStore(root: string): ObjectStore {
  const base = path.resolve(root);
  let realBase: string | undefined;
  const realRoot = async () => (realBase ??= await realpath(base).catch(() => undefined));

  /** The key's file, resolved, or null when it is not a regular file inside the root. */
  async function resolve(key: string): Promise<{ file: string; info: ObjectInfo } | null> {
    const rootPath = await realRoot();
    if (!rootPath) return null;
    const file = await realpath(path.join(base, ...checkKey(key).split('/'))).catch(() => null);
    if (!file?.startsWith(rootPath + path.sep)) return null;
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { file, info: { key, size: info.size, modified: info.mtime } };
  }

  async function* walk(dir: string, prefix: string): AsyncGenerator<ObjectInfo> {
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
      if (missing(error)) return [];
      throw error;
    });
    for (const entry of entries) {
      const key = prefix + entry.name;
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${key}/`);
      else if (entry.isFile() && !entry.name.startsWith(TEMP_PREFIX)) {
        const info = await stat(path.join(dir, entry.name)).catch(() => null);
        if (info) yield { key, size: info.size, modified: info.mtime };
      }
    }
  }

  const folderOf = (prefix: string) =>
    prefix ? path.join(base, ...checkKey(prefix.replace(/\/$/, '')).split('/')) : base;

  return {
    location: `file:${base}`,
    head: async (key) => (await resolve(key))?.info ?? null,
    async get(key, range) {
      const found = await resolve(key);
      if (!found) return null;
      const body = createReadStream(found.file, range ? { start: range.start, end: range.end } : {});
      return { info: found.info, body };
    },
    async put(key, body) {
      const target = path.join(base, ...checkKey(key).split('/'));
      if (await resolve(key)) return false;
      await mkdir(path.dirname(target), { recursive: true });
      const rootPath = await realRoot();
      const parent = await realpath(path.dirname(target));
      if (!rootPath || (parent !== rootPath && !parent.startsWith(rootPath + path.sep)))
        throw new Error(`${key} would be stored outside ${base}`);
      const temp = path.join(parent, `${TEMP_PREFIX}${randomUUID()}`);
      try {
        if (Buffer.isBuffer(body)) await writeFile(temp, body, { flag: 'wx' });
        else await copyFile(body.file, temp);
        try {
          await link(temp, path.join(parent, path.basename(target)));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EEXIST') return false;
          // A file system without hard links: a rename, after one more look (a race could overwrite here).
          if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
          if (await resolve(key)) return false;
          await rename(temp, path.join(parent, path.basename(target)));
        }
        return true;
      } finally {
        await unlink(temp).catch(() => undefined);
      }
    },
    list: (prefix) => {
      // A prefix that is not a folder's ('ab' of 'abc') filters the listing of its folder.
      const slash = prefix.lastIndexOf('/');
      const folder = prefix.slice(0, slash + 1);
      const all = walk(folderOf(folder), folder);
      return (async function* () {
        for await (const info of all) if (info.key.startsWith(prefix)) yield info;
      })();
    },
    async folders(prefix) {
      const entries = await readdir(folderOf(prefix), { withFileTypes: true }).catch((error: unknown) => {
        if (missing(error)) return [];
        throw error;
      });
      return entries.filter((e) => e.isDirectory()).map((e) => e.name);
    },
    delete: (key) => rm(path.join(base, ...checkKey(key).split('/')), { force: true }),
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error(`'${prefix}' is not a folder's prefix`);
      await rm(folderOf(prefix), { recursive: true, force: true });
    },
    localPath: async (key) => (await resolve(key))?.file ?? null,
  };
}
