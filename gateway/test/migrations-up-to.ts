import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { migrationsFolder } from '../src/platform/db';

/**
 * The committed migrations up to and including `tag`, copied into `dir`: a database as an older release left it
 * (migration tests apply these, write the old shape, then migrate the rest).
 */
export async function migrationsUpTo(dir: string, tag: string): Promise<string> {
  const folder = path.join(dir, 'migrations');
  await cp(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  if (last < 0) throw new Error(`no migration ${tag} in ${migrationsFolder}`);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}
