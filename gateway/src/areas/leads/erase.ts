import { and, eq, inArray, sql } from 'drizzle-orm';
import { LEAD_TYPES, type LeadType } from '@agency/contracts';
import { LEAD_TABLES } from './lead-tables';
import { auditEvents, leadEvents, retentionHolds, outbox, type Db } from '../../platform/db';
import { countersOfAccount } from '../accounts';
import { forgetCounters } from '../../platform/http/rate-limit';

/** `$.username` and `$.email` of an audit row's JSON replaced by `erased` where present; the rest stays. */
const anonymised = (column: typeof auditEvents.before | typeof auditEvents.after) => {
  const named = sql`case when json_type(${column}, '$.username') is not null then json_set(${column}, '$.username', 'erased') else ${column} end`;
  return sql`case when json_type(${named}, '$.email') is not null then json_set(${named}, '$.email', 'erased') else ${named} end`;
};

/**
 * The statements that erase what names client accounts outside their own rows, which go with the account through
 * its cascades (decision 0069): the sign-in and device counters of each, and their names and addresses in the
 * account's audit events (they stay: who changed what, with the person's name and address replaced by `erased`).
 */
export function accountTraces(db: Db, accounts: { id: number; username: string; email: string }[]) {
  const counters = accounts.map(countersOfAccount);
  return [
    forgetCounters(
      db,
      counters.flatMap((c) => c.keys),
      counters.flatMap((c) => c.prefixes),
    ),
    db
      .update(auditEvents)
      .set({
        before: anonymised(auditEvents.before),
        after: anonymised(auditEvents.after),
        // A factor reset keeps the account's address as it was; nothing else of the account is in `detail`.
        detail: sql`case when ${auditEvents.action} = 'reset-second-factor' then 'erased' else ${auditEvents.detail} end`,
      })
      .where(
        and(
          eq(auditEvents.subjectType, 'account'),
          inArray(
            auditEvents.subjectId,
            accounts.map((a) => a.id),
          ),
        ),
      ),
  ] as const;
}

/** The statements that erase leads of one kind and what hangs off them: timeline, notices, holds. */
export function eraseLeadStatements(db: Db, type: LeadType, ids: number[]) {
  const def = LEAD_TABLES[type];
  return [
    db.delete(def.table).where(inArray(def.id, ids)),
    db.delete(leadEvents).where(and(eq(leadEvents.leadType, type), inArray(leadEvents.leadId, ids))),
    db.delete(outbox).where(and(eq(outbox.leadType, type), inArray(outbox.leadId, ids))),
    db.delete(retentionHolds).where(and(eq(retentionHolds.leadType, type), inArray(retentionHolds.leadId, ids))),
  ] as const;
}

/** Every lead of every kind whose address is `email` (stored lower-cased, compared so). */
export async function leadsOf(db: Db, email: string) {
  const found: { type: LeadType; ids: number[] }[] = [];
  for (const type of LEAD_TYPES) {
    const def = LEAD_TABLES[type];
    const rows = await db
      .select({ id: sql<number>`${def.id}` })
      .from(def.table)
      .where(sql`lower(${def.email}) = ${email}`);
    if (rows.length) found.push({ type, ids: rows.map((r) => r.id) });
  }
  return found;
}
