import { hostname } from 'node:os';
import { and, desc, eq, max } from 'drizzle-orm';
import { z } from 'zod';
import { ReleaseActionSchema, REMOTE_NAMES, type RemoteName } from '@agency/contracts';
import { releaseActions, releaseRemotes, type Db } from '../../platform/db';
import { createLogger, type Logger } from '../../platform/logger';
import { RemoteStateSchema, type RemoteState, type StoreState } from './release-state';
import type { ChecksVerdict, StateStorage } from './storage';

/**
 * Who changes a release: the operator's `remotes` CLI, a gateway (aborting a canary by itself), a master admin in
 * the Releases tab (`person`) or a pipeline's deploy token (`token`, decision 0059).
 */
export type Actor = 'cli' | 'gateway' | 'person' | 'token';

/** Recorded with each action: the person's e-mail or the token's label, and the pipeline's commit and message. */
export interface ActionContext {
  actorName?: string;
  commit?: string;
  message?: string;
}

type Row = typeof releaseRemotes.$inferInsert;

/**
 * Release-state changes this process wrote, through any storage object of it: a gateway's own changes (an abort, a
 * release through its API, the Releases tab) are seen by its next request, not after the live pointer's freshness
 * window (live-pointer.ts).
 */
let writtenHere = 0;

/** Writers that keep losing to others give up after this many tries (each try has a winner, so it takes a crowd). */
const ATTEMPTS = 25;

/** A failed constraint (the revision's unique index), whether from a file database or a libSQL server. */
function isConstraintError(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause)
    if (/CONSTRAINT/.test(String((e as { code?: unknown }).code ?? '')) || /constraint failed/i.test(e.message))
      return true;
  return false;
}

const isRemoteName = (name: string): name is RemoteName => (REMOTE_NAMES as readonly string[]).includes(name);

function toRow(remote: RemoteName, s: RemoteState): Required<Row> {
  return {
    remote,
    current: s.current,
    previous: s.previous,
    canaryVersion: s.canary?.version ?? null,
    canaryPercent: s.canary?.percent ?? null,
    canaryStartedAt: s.canary ? new Date(s.canary.startedAt) : null,
    abortVersion: s.lastAbort?.version ?? null,
    abortAt: s.lastAbort ? new Date(s.lastAbort.at) : null,
    abortReason: s.lastAbort?.reason ?? null,
    abortAutomatic: s.lastAbort?.automatic ?? null,
  };
}

/** A remote's row as its state, checked: a row edited by hand that breaks the rules makes the state unreadable. */
function fromRow(row: typeof releaseRemotes.$inferSelect): RemoteState {
  let parsed;
  try {
    parsed = RemoteStateSchema.safeParse({
      current: row.current,
      previous: row.previous,
      ...(row.canaryVersion !== null || row.canaryPercent !== null || row.canaryStartedAt !== null
        ? {
            canary: {
              version: row.canaryVersion,
              percent: row.canaryPercent,
              startedAt: row.canaryStartedAt?.toISOString(),
            },
          }
        : {}),
      ...(row.abortVersion !== null
        ? {
            lastAbort: {
              version: row.abortVersion,
              at: row.abortAt?.toISOString(),
              reason: row.abortReason,
              automatic: row.abortAutomatic,
            },
          }
        : {}),
    });
  } catch (error) {
    throw new Error(`The release state of ${row.remote} in the database cannot be read: ${String(error)}`);
  }
  if (!parsed.success)
    throw new Error(
      `The release state of ${row.remote} in the database is not valid: ` +
        parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; '),
    );
  return parsed.data;
}

const sameRow = (name: RemoteName, a: RemoteState | undefined, b: RemoteState | undefined) =>
  JSON.stringify(a && toRow(name, a)) === JSON.stringify(b && toRow(name, b));

/**
 * The release state in the database (decision 0058): a row per published remote in `release_remotes`, and in
 * `release_actions` a row per action, those that change the state numbered by `revision`. A change reads the state
 * and its revision (one read transaction), computes the new state, and writes it in one transaction together with
 * its action taking the next revision. The revision's unique index is the condition: a writer that read an older
 * state fails as a whole, nothing of it stored, and computes its change again on the newer one. So there is no lock
 * to leave behind, a writer killed at any moment has written all of its change or nothing, and the write is one
 * statement batch: on a file database it never holds a transaction open across an await (platform/db/client.ts), on a
 * libSQL server it is one round trip.
 */
export function databaseState(db: Db, actor: Actor, context: ActionContext = {}): StateStorage {
  const host = hostname();

  // Built once: the live pointer looks at the revision several times a second (live-pointer.ts), and building the
  // query cost more than running it.
  const revisionQuery = db
    .select({ revision: max(releaseActions.revision) })
    .from(releaseActions)
    .prepare();
  async function revision(): Promise<number> {
    const [head] = await revisionQuery.all();
    return head?.revision ?? 0;
  }

  async function readAt(): Promise<{ state: StoreState; revision: number }> {
    const [rows, [head]] = await db.batch([
      db.select().from(releaseRemotes),
      db.select({ revision: max(releaseActions.revision) }).from(releaseActions),
    ]);
    const state: StoreState = {};
    // A remote this version of the gateway does not know (added by a newer one, mid-upgrade) is not its business.
    for (const row of rows) if (isRemoteName(row.remote)) state[row.remote] = fromRow(row);
    return { state, revision: head?.revision ?? 0 };
  }

  return {
    read: async () => (await readAt()).state,

    async update(change) {
      for (let attempt = 1; ; attempt++) {
        const read = await readAt();
        const { state, result, action } = await change(read.state);
        if (!action) return result;
        const changed = REMOTE_NAMES.filter((name) => !sameRow(name, read.state[name], state[name]));
        // A version's checks decide whether a transition may select it, so recording them takes a revision as a
        // state change does: a transition that read the checks before they changed fails its write and runs again
        // on what they say now (no window between the look at a version's checks and its selection).
        const next = changed.length > 0 || action.action === 'checks' ? read.revision + 1 : null;
        const record = db.insert(releaseActions).values({
          at: new Date(),
          revision: next,
          actor,
          host,
          actorName: context.actorName ?? null,
          commit: context.commit ?? null,
          message: context.message ?? null,
          ...action,
        });
        const writes = changed.map((name) => {
          const entry = state[name];
          if (!entry) return db.delete(releaseRemotes).where(eq(releaseRemotes.remote, name));
          const { remote: _key, ...row } = toRow(name, entry);
          return db
            .insert(releaseRemotes)
            .values({ remote: name, ...row })
            .onConflictDoUpdate({ target: releaseRemotes.remote, set: row });
        });
        try {
          await db.batch([record, ...writes]);
          writtenHere += 1;
          return result;
        } catch (error) {
          // Another writer took the revision: this one stored nothing, and tries again on the newer state. Any other
          // failure is the caller's to see (a connection lost mid-write may have committed: `remotes status` tells).
          if (next === null || !isConstraintError(error) || (await revision()) < next) throw error;
          if (attempt >= ATTEMPTS)
            throw new Error(
              'The release state kept changing while this action was applied; nothing was changed: try again',
            );
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
        }
      }
    },

    // The highest revision: one index lookup, raised by every change, by whichever gateway or CLI made it.
    signature: async () => String(await revision()),
    writtenHere: () => writtenHere,
  };
}

export type ReleaseActionRow = typeof releaseActions.$inferSelect;

/**
 * The latest release actions, newest first (of one remote, when given): `remotes history`. An action's details are
 * read by their schema (ReleaseActionSchema): ones that do not parse are logged and shown as none.
 */
export async function releaseHistory(
  db: Db,
  { remote, limit = 20 }: { remote?: RemoteName; limit?: number } = {},
  logger: Logger = createLogger('warn'),
) {
  const rows = await db
    .select()
    .from(releaseActions)
    .where(remote ? eq(releaseActions.remote, remote) : undefined)
    .orderBy(desc(releaseActions.id))
    .limit(limit);
  return rows.map((row) => {
    const details = ReleaseActionSchema.shape.details.safeParse(row.details);
    if (details.success) return { ...row, details: details.data };
    logger.warn('stored release action details unreadable: shown as none', { actionId: row.id });
    return { ...row, details: {} };
  });
}

/** A `checks` action's details as far as a verdict reads them: a PreflightReport, or that they run or were skipped. */
const ChecksDetailsSchema = z.looseObject({
  running: z.boolean().optional(),
  skipped: z.boolean().optional(),
  passed: z.boolean().optional(),
  checks: z.array(z.looseObject({ passed: z.unknown(), detail: z.unknown() })).optional(),
});

/** A version's latest checks (one indexed read): every transition that would select it asks, inside its change. */
export async function checksOf(
  db: Db,
  remote: RemoteName,
  version: string,
  logger: Logger = createLogger('warn'),
): Promise<ChecksVerdict> {
  const [latest] = await db
    .select({ at: releaseActions.at, details: releaseActions.details })
    .from(releaseActions)
    .where(
      and(eq(releaseActions.remote, remote), eq(releaseActions.version, version), eq(releaseActions.action, 'checks')),
    )
    .orderBy(desc(releaseActions.id))
    .limit(1);
  if (!latest) return { state: 'missing' };
  const parsed = ChecksDetailsSchema.safeParse(latest.details);
  // Unreadable checks select nothing: the version is as one whose checks failed until they are run again.
  if (!parsed.success) {
    logger.warn('stored pre-flight checks unreadable: the version is treated as failed', { remote, version });
    return { state: 'failed', reasons: 'its recorded pre-flight checks cannot be read.' };
  }
  const details = parsed.data;
  if (details.running === true) return { state: 'running', since: latest.at };
  if (details.skipped === true) return { state: 'skipped' };
  if (details.passed === true) return { state: 'passed' };
  const failed = (details.checks ?? []).filter((c) => c.passed === false).map((c) => String(c.detail));
  return { state: 'failed', reasons: failed.join(' ') || 'its pre-flight checks could not run to the end.' };
}
