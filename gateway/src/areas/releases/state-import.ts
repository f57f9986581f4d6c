import { readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { REMOTE_NAMES } from '@agency/contracts';
import { releaseActions, type Db } from '../../platform/db';
import { RemoteStateSchema, type StoreState } from './release-state';
import type { ReleaseStorage } from './storage';

/** Where the release state lived before it moved to the database (decision 0041), beside the versions' folders. */
export const STATE_FILE = 'pointer-state.json';

export type ImportOutcome =
  /** No state file: nothing to do (a new install, or imported before). */
  | { kind: 'none' }
  /**
   * Imported now, by this process (`remotes` empty: the file held nothing); `missing` names live or canary versions
   * whose files the store lacks. `renamedTo` is null when another instance renamed the file first.
   */
  | { kind: 'imported'; file: string; renamedTo: string | null; remotes: string[]; missing: string[] }
  /** Another gateway or CLI imported it first (this one only renamed the file, if it was still there). */
  | { kind: 'imported-elsewhere'; file: string; renamedTo: string | null }
  /** The database already holds release state that did not come from a file: the file is left alone. */
  | { kind: 'ignored'; file: string };

/** The file's state, checked as strictly as a row of the database; an unreadable file stops the start. */
async function readStateFile(file: string): Promise<StoreState | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const refuse = (why: string) =>
    new Error(
      `The old release state file ${file} cannot be imported into the database: ${why}. Nothing was imported. ` +
        `Correct the file (or remove it and publish each remote again), then start again.`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw refuse('it is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw refuse('it is not an object');
  const state: StoreState = {};
  for (const name of REMOTE_NAMES) {
    const entry = (parsed as Record<string, unknown>)[name];
    if (entry === undefined) continue;
    const checked = RemoteStateSchema.safeParse(entry);
    if (!checked.success)
      throw refuse(checked.error.issues.map((i) => `${[name, ...i.path].join('.')} ${i.message}`).join('; '));
    state[name] = checked.data;
  }
  return state;
}

/** Renamed, never deleted, so an operator sees the import happened; an older renamed copy is kept too. */
async function setAside(file: string): Promise<string | null> {
  let target = `${file}.imported`;
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  )
    target = `${target}.${Date.now()}`;
  try {
    await rename(file, target);
    return target;
  } catch (error) {
    // Another instance starting at the same moment renamed it first.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Upgrade in place (decision 0058): the release state of a store from before decision 0058, kept in `<dir>/
 * pointer-state.json`, is imported once into an empty release state, in one transaction with its `import` action.
 * Gateways and CLIs starting together race through the same conditional write, so exactly one imports; the file is
 * then renamed `pointer-state.json.imported`. Run at every start of the gateway and of the CLI: without the file it
 * costs one failed open.
 */
export async function importStateFile(
  db: Db,
  { state, files }: ReleaseStorage & { files: { adopt?(): Promise<string[]> } },
  dir: string,
): Promise<ImportOutcome> {
  const file = path.join(dir, STATE_FILE);
  const imported = await readStateFile(file);
  if (!imported) return { kind: 'none' };
  const remotes = Object.keys(imported);
  if (remotes.length === 0) return { kind: 'imported', file, renamedTo: await setAside(file), remotes, missing: [] };
  const done = await state.update((current) =>
    Object.keys(current).length > 0
      ? { state: current, result: false }
      : {
          state: imported,
          result: true,
          action: { action: 'import' as const, remote: null, version: null, details: { file, remotes } },
        },
  );
  if (done) {
    // The versions' folders of the same old store have no manifests yet: those that are whole get theirs first.
    await files.adopt?.();
    const missing: string[] = [];
    for (const name of REMOTE_NAMES) {
      const entry = imported[name];
      for (const version of [entry?.current, entry?.canary?.version])
        if (version && !(await files.has(name, version))) missing.push(`${name}/${version}`);
    }
    return { kind: 'imported', file, renamedTo: await setAside(file), remotes, missing };
  }
  const [byImport] = await db
    .select({ id: releaseActions.id })
    .from(releaseActions)
    .where(eq(releaseActions.action, 'import'))
    .limit(1);
  if (byImport) return { kind: 'imported-elsewhere', file, renamedTo: await setAside(file) };
  return { kind: 'ignored', file };
}

/** What an import did, in a sentence for the log or the operator's terminal; null when there was nothing to do. */
export function describeImport(outcome: ImportOutcome): { level: 'info' | 'warn'; message: string } | null {
  switch (outcome.kind) {
    case 'none':
      return null;
    case 'imported': {
      const where = outcome.renamedTo ? `; the file is now ${outcome.renamedTo}` : '';
      const missing =
        outcome.missing.length > 0
          ? `. These live or canary versions have no files in the store: ${outcome.missing.join(', ')}`
          : '';
      return {
        level: outcome.missing.length > 0 ? 'warn' : 'info',
        message:
          outcome.remotes.length > 0
            ? `Imported the release state of ${outcome.remotes.join(', ')} from ${outcome.file} into the database${where}${missing}`
            : `The old release state file ${outcome.file} named no remote; nothing was imported${where}`,
      };
    }
    case 'imported-elsewhere':
      return outcome.renamedTo
        ? { level: 'info', message: `${outcome.file} was imported before; it is now ${outcome.renamedTo}` }
        : null;
    case 'ignored':
      return {
        level: 'warn',
        message:
          `${outcome.file} was not imported: the database already holds release state. The file is no longer ` +
          `read; remove it once you have checked 'remotes status'`,
      };
  }
}
