import { and, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import { LEAD_TYPES, type LeadType } from '@agency/contracts';
import { LEAD_TABLES } from './lead-tables';
import {
  contentAudit,
  dataAudit,
  emailOutbox,
  files,
  leadEvents,
  privacyRequests,
  retentionHolds,
  users,
  webhookOutbox,
  type Db,
} from '../db';
import type { ObjectStore } from '../storage/object-store';
import { countersOfAccount } from '../auth/sign-in-throttle';
import { forgetCounters } from '../http/rate-limit';
import { betweenBatches } from '../db/batches';
import { auditRow, type Actor } from './data-audit';

/** `$.username` and `$.email` of an audit row's JSON replaced by `erased` where present; the rest stays. */
const anonymised = (column: typeof contentAudit.before | typeof contentAudit.after) => {
  const named = sql`case when json_type(${column}, '$.username') is not null then json_set(${column}, '$.username', 'erased') else ${column} end`;
  return sql`case when json_type(${named}, '$.email') is not null then json_set(${named}, '$.email', 'erased') else ${named} end`;
};

/**
 * The statements that erase what names client accounts outside their own rows, which go with the account through
 * its cascades (decision 0069): the sign-in and device counters of each, and their names and addresses in the
 * account audit (the rows stay: who changed what, with the person's name and address replaced by `erased`).
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
      .update(contentAudit)
      .set({ before: anonymised(contentAudit.before), after: anonymised(contentAudit.after) })
      .where(
        and(
          eq(contentAudit.entity, 'account'),
          inArray(
            contentAudit.entityId,
            accounts.map((a) => a.id),
          ),
        ),
      ),
  ] as const;
}

/** Outbox rows read per range when looking for the e-mails that mention an address. */
export const MENTION_SCAN_ROWS = 20_000;

/** An outbox e-mail to `email` (any case, through its index) or mentioning it in its text (`!` escapes LIKE's `_`/`%`). */
const toOrMentioning = (email: string) =>
  sql`(lower(${emailOutbox.to}) = ${email} or ${emailOutbox.text} like ${`%${email.replace(/[%_!]/g, (m) => `!${m}`)}%`} escape '!')`;

/** The outbox e-mails of a list of ids, the list sent as one JSON value (however many ids a person has). */
export const outboxIdIn = (ids: number[]) =>
  sql`${emailOutbox.id} in (select value from json_each(${JSON.stringify(ids)}))`;

/**
 * The ids of the outbox e-mails to an address or mentioning it (a notice to the team about a lead), and the last id
 * looked at. Text can only be searched row by row: the outbox (two years of e-mails) is read in ranges of ids, each a
 * short read, with requests served between them, never whole in one read.
 */
export async function outboxOf(db: Db, email: string): Promise<{ ids: number[]; through: number }> {
  const [range] = await db
    .select({ first: sql<number | null>`min(${emailOutbox.id})`, last: sql<number | null>`max(${emailOutbox.id})` })
    .from(emailOutbox);
  const ids: number[] = [];
  const through = range?.last ?? 0;
  for (let from = (range?.first ?? 1) - 1; from < through; from += MENTION_SCAN_ROWS) {
    const rows = await db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(gt(emailOutbox.id, from), lte(emailOutbox.id, from + MENTION_SCAN_ROWS), toOrMentioning(email)));
    ids.push(...rows.map((r) => r.id));
    await betweenBatches();
  }
  return { ids, through };
}

/** The statements that erase leads of one kind and what hangs off them: timeline, notices, holds. */
export function eraseLeadStatements(db: Db, type: LeadType, ids: number[]) {
  const def = LEAD_TABLES[type];
  return [
    db.delete(def.table).where(inArray(def.id, ids)),
    db.delete(leadEvents).where(and(eq(leadEvents.leadType, type), inArray(leadEvents.leadId, ids))),
    db.delete(webhookOutbox).where(and(eq(webhookOutbox.leadType, type), inArray(webhookOutbox.leadId, ids))),
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

export interface ErasedCounts {
  leads: number;
  emails: number;
  files: number;
  account: boolean;
}

/**
 * Erases everything held about an address (decision 0066): its leads of every kind with their timelines, notices
 * and holds; every outbox e-mail to it or mentioning it; a client account with its files (objects first, then
 * rows), reports and sessions; its privacy requests' own address; and its address in content audit rows. The
 * erasure itself is audited in the same batch, without the address. A staff account is never erased this way.
 */
export async function eraseEverywhere(
  db: Db,
  filesStore: ObjectStore,
  email: string,
  actor: Actor,
  subject: string,
): Promise<ErasedCounts> {
  const [account] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (account && account.role !== 'client')
    throw new Error('This address belongs to a staff account; remove the account first.');
  const leads = await leadsOf(db, email);
  const mail = await outboxOf(db, email);
  const emails = mail.ids.length;
  let fileCount = 0;
  if (account) {
    const held = await db.select({ path: files.path }).from(files).where(eq(files.userId, account.id));
    // Objects first: a row without its object is harmless, an object without a row would be kept for ever.
    for (const f of held) await filesStore.delete(f.path);
    fileCount = held.length;
  }
  const leadCount = leads.reduce((n, l) => n + l.ids.length, 0);
  await db.batch([
    // The e-mails found, and any written since the search (ids past it: the few of the last moments).
    db
      .delete(emailOutbox)
      .where(or(outboxIdIn(mail.ids), and(gt(emailOutbox.id, mail.through), toOrMentioning(email)))),
    ...leads.flatMap(({ type, ids }) => eraseLeadStatements(db, type, ids)),
    ...(account ? [db.delete(users).where(eq(users.id, account.id)), ...accountTraces(db, [account])] : []),
    db
      .update(contentAudit)
      .set({ userEmail: 'erased' })
      .where(sql`lower(${contentAudit.userEmail}) = ${email}`),
    db
      .update(privacyRequests)
      .set({ email: 'erased', tokenHash: null })
      .where(and(eq(privacyRequests.email, email), eq(privacyRequests.status, 'done'))),
    db
      .insert(dataAudit)
      .values(
        auditRow(
          actor,
          'erase',
          subject,
          `Erased ${leadCount} lead(s), ${emails} e-mail(s), ${fileCount} file(s)${account ? ' and a client account' : ''}.`,
        ),
      ),
  ]);
  return { leads: leadCount, emails, files: fileCount, account: Boolean(account) };
}
