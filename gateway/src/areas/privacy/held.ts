import { sql, type SQL } from 'drizzle-orm';
import { identityKey, LEAD_TYPES, type LeadType } from '@agency/contracts';
import { outbox, type Db } from '../../platform/db';
import { betweenBatches } from '../../platform/db/batches';
import { suppressionHash, LEAD_TABLES } from '../leads';
import { keyNames, mayMention, mentionsAddress } from './mentions';
import { PERSONAL_DATA, type Match, type Place } from './registry';

/** Outbox rows read per range when looking for the e-mails that mention an address. */
export const MENTION_SCAN_ROWS = 20_000;

/** A list of row ids as one JSON value, however many there are (one bound parameter). */
export const rowidIn = (ids: number[]) => sql`rowid in (select value from json_each(${JSON.stringify(ids)}))`;

export interface Account {
  id: number;
  username: string;
  email: string;
  role: string;
}

/** What is held about one address: the rows found in each place of the registry, the person's leads and account. */
export interface Held {
  email: string;
  rows: Map<Place, number[]>;
  leads: { type: LeadType; ids: number[] }[];
  account: Account | null;
  /** The last outbox id the search looked at: mail to the address written after it is caught by the erase itself. */
  outboxThrough: number;
}

const ids = async (db: Db, query: SQL) => (await db.all<{ id: number }>(query)).map((r) => Number(r.id));
const table = (place: Place) => sql.identifier(place.table);
const col = (name: string) => sql.identifier(name);
const also = (where: string | undefined) => (where ? sql` and ${sql.raw(where)}` : sql``);

/**
 * The outbox e-mails to an address or mentioning it as an address of its own (a notice to the team about a lead),
 * and the last id looked at. Text can only be searched row by row: the outbox (two years of e-mails) is read in
 * ranges of ids, each a short read with requests served between them; LIKE picks the rows that may mention it, and
 * `mentionsAddress` keeps those that do (never `joanna@...` for `anna@...`).
 */
export async function outboxOf(db: Db, email: string): Promise<{ ids: number[]; through: number }> {
  const [range] = await db
    .select({ first: sql<number | null>`min(${outbox.id})`, last: sql<number | null>`max(${outbox.id})` })
    .from(outbox);
  const found: number[] = [];
  const through = range?.last ?? 0;
  const texts = [outbox.subject, outbox.text, outbox.html];
  for (let from = (range?.first ?? 1) - 1; from < through; from += MENTION_SCAN_ROWS) {
    const rows = await db
      .select({
        id: outbox.id,
        to: outbox.to,
        subject: outbox.subject,
        text: outbox.text,
        html: outbox.html,
      })
      .from(outbox)
      .where(
        sql`${outbox.id} > ${from} and ${outbox.id} <= ${from + MENTION_SCAN_ROWS} and (lower(${outbox.to}) = ${email} or ${mayMention(texts, email)})`,
      );
    for (const r of rows)
      if (
        (r.to !== null && identityKey(r.to) === email) ||
        [r.subject, r.text, r.html].some((t) => mentionsAddress(t, email))
      )
        found.push(r.id);
    await betweenBatches();
  }
  return { ids: found, through };
}

/** The rows of one place that are the person's, by its match (decision 0081). */
async function rowsOf(db: Db, place: Place, held: Omit<Held, 'rows' | 'outboxThrough'>, hash: () => Promise<string>) {
  const match: Match = place.match;
  const email = held.email;
  switch (match.by) {
    case 'lead':
      return held.leads.find((l) => l.type === match.type)?.ids ?? [];
    case 'of-lead': {
      const found: number[] = [];
      for (const { type, ids: leadIds } of held.leads)
        found.push(
          ...(await ids(
            db,
            sql`select rowid as id from ${table(place)} where "leadType" = ${type} and "leadId" in (select value from json_each(${JSON.stringify(leadIds)}))`,
          )),
        );
      return found;
    }
    case 'address':
      return ids(
        db,
        sql`select rowid as id from ${table(place)} where lower(${col(match.column)}) = ${email}${also(match.where)}`,
      );
    case 'json-address':
      return ids(
        db,
        sql`select rowid as id from ${table(place)} where lower(json_extract(${col(match.column)}, ${sql.raw(`'${match.path}'`)})) = ${email}`,
      );
    case 'of-conversion':
      return ids(
        db,
        sql`select rowid as id from ${table(place)} where "conversionId" in (select id from "conversion_events" where lower(json_extract("userData", '$.email')) = ${email})`,
      );
    // A cell that is not JSON (edited by hand) holds nobody's address here, and must not stop the search.
    case 'json-list-address':
      return ids(
        db,
        sql`select rowid as id from ${table(place)} where exists (select 1 from json_each(case when json_valid(${col(match.column)}) then ${col(match.column)} else '[]' end) where lower(value) = ${email})`,
      );
    case 'counter-key': {
      const rows = await db.all<{ id: number; key: string }>(
        sql`select rowid as id, "key" from ${table(place)} where ${mayMention([sql`"key"`], email)}`,
      );
      return rows.filter((r) => keyNames(r.key, email)).map((r) => Number(r.id));
    }
    case 'account':
      return held.account
        ? ids(
            db,
            sql`select rowid as id from ${table(place)} where ${col(match.column)} = ${held.account.id}${also(match.where)}`,
          )
        : [];
    case 'suppression':
      return ids(db, sql`select rowid as id from ${table(place)} where "addressHash" = ${await hash()}`);
    case 'mention': // the outbox, searched in ranges by heldFor
    case 'search-index':
    case 'staff':
      return [];
  }
}

/**
 * Everything held about an address, place by place, as the registry says to find it (decision 0081): its leads of
 * every kind (by their stored address), its client account, then every other place's rows of them. Export and erase
 * both start here.
 */
export async function heldFor(db: Db, address: string): Promise<Held> {
  const email = identityKey(address);
  const leads: Held['leads'] = [];
  for (const type of LEAD_TYPES) {
    const def = LEAD_TABLES[type];
    const found = await ids(db, sql`select ${def.id} as id from ${def.table} where lower(${def.email}) = ${email}`);
    if (found.length) leads.push({ type, ids: found });
  }
  const [account] = await db.all<Account>(
    sql`select id, username, email, role from users where lower(email) = ${email}`,
  );
  const hashOf = suppressionHash(db);
  const base = { email, leads, account: account ?? null };
  const rows = new Map<Place, number[]>();
  let outboxThrough = 0;
  for (const place of PERSONAL_DATA) {
    if (place.match.by === 'mention') {
      const mail = await outboxOf(db, email);
      outboxThrough = mail.through;
      rows.set(place, mail.ids);
    } else rows.set(place, await rowsOf(db, place, base, () => hashOf(email)));
  }
  return { ...base, rows, outboxThrough };
}

/** How many rows were found in the places whose copy file or erasure counts them. */
export const countIn = (held: Held, table: string, column?: string) =>
  [...held.rows]
    .filter(([p]) => p.table === table && (column === undefined || p.columns.includes(column)))
    .reduce((n, [, r]) => n + r.length, 0);
