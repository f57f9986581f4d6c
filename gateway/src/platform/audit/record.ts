import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteTransaction } from 'drizzle-orm/sqlite-core';
import type { AuditArea } from '@agency/contracts';
import { auditEvents, type Db } from '../db';

/** Who acted: an account (its id and how it is shown, an address or a name), or no account (`id` null). */
export interface AuditActor {
  id: number | null;
  name: string;
}

export const SYSTEM: AuditActor = { id: null, name: 'system' };
export const COMMAND_LINE: AuditActor = { id: null, name: 'operator (command line)' };
export const RETENTION_JOB: AuditActor = { id: null, name: 'retention job' };
export const REQUESTER: AuditActor = { id: null, name: 'the requester' };

/** A number, or SQL reading it in the same statement (the id of a row the batch has just written). */
type Value<T> = T | SQL;

export interface AuditEntry {
  area: AuditArea;
  action: string;
  /** What it was done to: its kind and id (`blog_post` 3, `account` 7, `privacy request` 2, `marketing e-mail`). */
  subject: { type: string; id?: Value<number> | null };
  actor: AuditActor;
  /** The changed fields before and after, for a change to a row; never a lead's or a request's personal data. */
  before?: unknown;
  after?: unknown;
  /** What was done, in words, for a step (an erasure's counts, a hold's reason); never the data itself. */
  detail?: Value<string>;
}

// Anything that runs statements: the database, or a transaction in progress.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Writer = Db | SQLiteTransaction<'async', any, any, any>;

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * The one way to write the audit trail (decision 0103). Returns the statement, not yet run: await it, or put it in
 * the batch (or run it in the transaction) that makes the change, so neither is kept without the other.
 * `ifChanged` writes the events only when the statement just before it in the batch changed a row (SQLite's
 * `changes()`), so a refused change (the last master admin, a token already revoked) leaves no event and an allowed
 * one never goes unrecorded. Content writes are recorded by the content tables' triggers, into the same table.
 */
export function audit(db: Writer, entries: AuditEntry | AuditEntry[], { ifChanged = false } = {}) {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) throw new Error('audit() needs at least one entry');
  if (!ifChanged)
    return db.insert(auditEvents).values(
      list.map((e) => ({
        area: e.area,
        action: e.action,
        actorId: e.actor.id,
        actor: e.actor.name,
        subjectType: e.subject.type,
        subjectId: e.subject.id ?? null,
        before: e.before ?? null,
        after: e.after ?? null,
        detail: e.detail ?? '',
      })),
    );
  // A guarded write is one statement of one-row selects, each kept only when the statement before changed a row.
  const selects = sql.join(
    list.map(
      (e) =>
        sql`select ${e.area}, ${e.action}, ${e.actor.id}, ${e.actor.name}, ${e.subject.type}, ${e.subject.id ?? null},
          ${json(e.before)}, ${json(e.after)}, ${e.detail ?? ''} where changes() > 0`,
    ),
    sql` union all `,
  );
  return db.run(sql`insert into ${auditEvents}
    ("area", "action", "actorId", "actor", "subjectType", "subjectId", "before", "after", "detail") ${selects}`);
}

/** A signed-in account as the actor, shown by its address (as content's triggers show it). */
export const actorOf = (user: { id: number; email: string }): AuditActor => ({ id: user.id, name: user.email });
