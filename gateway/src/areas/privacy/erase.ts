import { sql } from 'drizzle-orm';
import { outbox, files, type Db } from '../../platform/db';
import type { ObjectStore } from '../../platform/storage/object-store';
import { audit, type AuditActor } from '../../platform/audit/record';
import { privacyStep } from '../../platform/audit/data-audit';
import { accountTraces } from '../leads';
import type { GrantRevoker } from '../google';
import { countIn, heldFor, rowidIn, type Held } from './held';
import type { Place } from './registry';

export interface ErasedCounts {
  leads: number;
  emails: number;
  files: number;
  account: boolean;
  /** Rows of every other place: timeline, notices, website events, counters, privacy requests' addresses. */
  other: number;
}

/** The statement a place's erasure makes of the rows found in it, or none (the account's cascade, a trigger, kept). */
function eraseStatement(db: Db, place: Place, rowids: number[]) {
  if (!rowids.length) return null;
  const table = sql.identifier(place.table);
  switch (place.erase.do) {
    case 'delete':
      return db.run(sql`delete from ${table} where ${rowidIn(rowids)}`);
    case 'anonymise': {
      const set = sql.join(
        Object.entries(place.erase.set).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`),
        sql`, `,
      );
      const only = place.erase.where ? sql` and ${sql.raw(place.erase.where)}` : sql``;
      return db.run(sql`update ${table} set ${set} where ${rowidIn(rowids)}${only}`);
    }
    case 'with-account':
    case 'by-trigger':
    case 'keep':
      return null;
  }
}

/** How many of the rows found an erasure removes or rewrites (the places it keeps are not counted). */
const erasedIn = (held: Held) =>
  [...held.rows].filter(([p]) => p.erase.do !== 'keep').reduce((n, [, r]) => n + r.length, 0);

/**
 * Erases everything held about an address, place by place as the registry says (decision 0081): leads of every
 * kind with their timelines, notices and holds; every outbox e-mail to it or mentioning it as an address of its own;
 * its website events and the rate-limit counters that name it; a client account with its files (objects first, then
 * rows), sessions, factors and reports, and its names in the audits; the address of its answered privacy requests.
 * The erasure itself is audited in the same batch, without the address. A staff account is never erased this way.
 */
export async function eraseEverywhere(
  db: Db,
  filesStore: ObjectStore,
  email: string,
  actor: AuditActor,
  subject: { type: string; id?: number },
  revokeGrants: GrantRevoker,
): Promise<ErasedCounts> {
  const held = await heldFor(db, email);
  const { account } = held;
  if (account && account.role !== 'client')
    throw new Error('This address belongs to a staff account; remove the account first.');
  let fileCount = 0;
  if (account) {
    const stored = await db
      .select({ path: files.path })
      .from(files)
      .where(sql`${files.userId} = ${account.id}`);
    // Objects first: a row without its object is harmless, an object without a row would be kept for ever.
    for (const f of stored) await filesStore.delete(f.path);
    fileCount = stored.length;
    // The client's Google grant is revoked at Google before its row goes with the account (decision 0093).
    await revokeGrants([account.id]);
  }
  const counts: ErasedCounts = {
    leads: held.leads.reduce((n, l) => n + l.ids.length, 0),
    emails: countIn(held, 'outbox', 'to'),
    files: fileCount,
    account: Boolean(account),
    other: 0,
  };
  counts.other = erasedIn(held) - counts.leads - counts.emails - (account ? 1 : 0);
  const statements = [...held.rows].flatMap(([place, rowids]) => eraseStatement(db, place, rowids) ?? []);
  await db.batch([
    // Mail to the address written since the search (ids past it: the few of the last moments).
    db.delete(outbox).where(sql`${outbox.id} > ${held.outboxThrough} and lower(${outbox.to}) = ${held.email}`),
    ...statements,
    ...(account ? accountTraces(db, [account]) : []),
    audit(
      db,
      privacyStep(
        actor,
        'erase',
        subject,
        `Erased ${counts.leads} lead(s), ${counts.emails} e-mail(s), ${counts.files} file(s)${account ? ', a client account' : ''} and ${counts.other} other record(s).`,
      ),
    ),
  ]);
  return counts;
}
