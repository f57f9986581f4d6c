import { and, asc, count, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { identityKey, LEAD_TYPES, type LeadType } from '@agency/contracts';
import { auditEvents, clientHolds, outbox, files, monthlyReports, users, type Db } from '../../platform/db';
import type { HoldMeter } from '../../platform/db/batches';
import type { ObjectStore } from '../../platform/storage/object-store';
import { audit, RETENTION_JOB } from '../../platform/audit/record';
import { privacyStep } from '../../platform/audit/data-audit';
import { accountTraces, eraseLeadStatements } from './erase';
import { LEAD_TABLES } from './lead-tables';

/** Client data is kept while the account is open and seven years after it is closed (the privacy policy). */
export const CLIENT_RETENTION_YEARS = 7;
/** Client accounts erased per batch (one transaction each, after their files' objects). */
export const CLIENT_BATCH = 20;

export const clientCutoff = (now: Date) => {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - CLIENT_RETENTION_YEARS);
  return cutoff;
};

const isHeld = sql`exists (select 1 from ${clientHolds} where ${clientHolds.clientId} = ${users.id})`;
const notHeld = sql`not ${isHeld}`;

/**
 * A client account whose records are past their time: closed (disabled, decision 0064) before the cutoff and not
 * held. Checked again in the statement that deletes the account, so one re-enabled or held meanwhile stays.
 */
const pastRetention = (cutoff: Date): SQL =>
  and(eq(users.role, 'client'), isNotNull(users.disabledAt), lt(users.disabledAt, cutoff), notHeld)!;

/**
 * Whether a lead's address is a client's whose records are still kept (open, closed less than seven years ago, or
 * held): such a lead is client data and is not erased at two years (decision 0069).
 */
export const keptClientWith = (email: SQLiteColumn, cutoff: Date) =>
  sql`exists (select 1 from ${users} where ${users.role} = 'client' and lower(${users.email}) = lower(${email}) and (${users.disabledAt} is null or ${users.disabledAt} >= ${cutoff.getTime()} or ${isHeld}))`;

/** The client accounts the next run erases, oldest closure first. */
export function clientsDue(db: Db, now: Date, limit: number) {
  return db
    .select({ id: users.id, username: users.username, email: users.email, closedAt: users.disabledAt })
    .from(users)
    .where(pastRetention(clientCutoff(now)))
    .orderBy(asc(users.disabledAt), asc(users.id))
    .limit(limit);
}

/** How far ahead staff are shown the client accounts coming due, so a hold can be placed before the run. */
export const CLIENTS_SOON_DAYS = 30;

/** Client accounts whose seven years end within the next 30 days (not yet due, not held), soonest first. */
export function clientsSoon(db: Db, now: Date, limit: number) {
  const soon = new Date(now.getTime() + CLIENTS_SOON_DAYS * 24 * 3_600_000);
  return db
    .select({ id: users.id, username: users.username, email: users.email, closedAt: users.disabledAt })
    .from(users)
    .where(and(pastRetention(clientCutoff(soon)), gte(users.disabledAt, clientCutoff(now))))
    .orderBy(asc(users.disabledAt), asc(users.id))
    .limit(limit);
}

export async function clientsDueCount(db: Db, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(pastRetention(clientCutoff(now)));
  return row?.n ?? 0;
}

/**
 * Erases one batch of client accounts past their time (decision 0069): their files' objects first (a row without
 * its object is harmless, an object without a row would be kept for ever), then in one transaction the accounts
 * (sessions, reset links, second factors, passkeys, reports, file rows and holds go with them by their foreign
 * keys), their sign-in counters, the leads of their address older than two years with their timelines and
 * notices, the outbox e-mails to the address, their name and address in the audit trail, and one audit event each,
 * without the erased data. Answers how many accounts were erased.
 */
export async function eraseClientBatch(
  db: Db,
  filesStore: ObjectStore,
  now: Date,
  leadCutoff: Date,
  meter: HoldMeter,
  revokeGrants: (clientIds: number[]) => Promise<void> = async () => {},
  batch = CLIENT_BATCH,
): Promise<number> {
  const due = await clientsDue(db, now, batch);
  if (!due.length) return 0;
  const ids = due.map((c) => c.id);
  // Compared with `lower(column)`, through the address indexes (migration 0018).
  const emails = due.map((c) => identityKey(c.email));
  const held = await db
    .select({ userId: files.userId, path: files.path })
    .from(files)
    .where(inArray(files.userId, ids));
  for (const f of held) await filesStore.delete(f.path);
  // Their Google grants are revoked at Google before the rows go with the accounts (decision 0093).
  await revokeGrants(ids);
  const reports = await db
    .select({ clientId: monthlyReports.clientId, n: count() })
    .from(monthlyReports)
    .where(inArray(monthlyReports.clientId, ids))
    .groupBy(monthlyReports.clientId);
  const leads: { type: LeadType; ids: number[]; byEmail: Map<string, number> }[] = [];
  for (const type of LEAD_TYPES) {
    const def = LEAD_TABLES[type];
    const rows = await db
      .select({ id: sql<number>`${def.id}`, email: sql<string>`lower(${def.email})` })
      .from(def.table)
      .where(and(inArray(sql`lower(${def.email})`, emails), lt(def.created, leadCutoff)));
    const byEmail = new Map<string, number>();
    for (const r of rows) byEmail.set(r.email, (byEmail.get(r.email) ?? 0) + 1);
    if (rows.length) leads.push({ type, ids: rows.map((r) => r.id), byEmail });
  }
  const cutoff = clientCutoff(now);
  await meter.time('retention: client accounts', () =>
    db.batch([
      db.delete(users).where(and(inArray(users.id, ids), pastRetention(cutoff))),
      ...accountTraces(db, due),
      ...leads.flatMap(({ type, ids: leadIds }) => eraseLeadStatements(db, type, leadIds)),
      db.delete(outbox).where(inArray(sql`lower(${outbox.to})`, emails)),
      db
        .update(auditEvents)
        .set({ actor: 'erased' })
        .where(inArray(sql`lower(${auditEvents.actor})`, emails)),
      audit(
        db,
        due.map((c) => {
          const fileCount = held.filter((f) => f.userId === c.id).length;
          const reportCount = reports.find((r) => r.clientId === c.id)?.n ?? 0;
          const leadCount = leads.reduce((n, l) => n + (l.byEmail.get(identityKey(c.email)) ?? 0), 0);
          return privacyStep(
            RETENTION_JOB,
            'erase',
            { type: 'client account', id: c.id },
            `Closed more than seven years ago, not held: the account, ${reportCount} report(s), ${fileCount} file(s) and ${leadCount} lead(s).`,
          );
        }),
      ),
    ]),
  );
  return due.length;
}
