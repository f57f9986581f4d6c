import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { LeadDueFilter, LeadType, PageQuery } from '@agency/contracts';
import { consultationRequests, contactInquiries, offsetOf, optInLeads, quotes, type Db } from '../../platform/db';

/**
 * The four lead lists of the inbox, each with the columns searched, who the lead is (name, e-mail, phone), its
 * follow-up columns (decision 0065) and the status it starts in. Read only with a type the query schema has checked
 * against LEAD_TYPES, so no inherited key (`toString`, `__proto__`) can reach it.
 */
export const LEAD_TABLES: Record<LeadType, LeadTable> = {
  enquiry: {
    table: contactInquiries,
    id: contactInquiries.id,
    status: contactInquiries.status,
    firstStatus: 'new',
    search: [contactInquiries.businessName, contactInquiries.contactName, contactInquiries.contactEmail],
    who: sql`${contactInquiries.businessName} || ' (' || ${contactInquiries.contactName} || ')'`,
    email: contactInquiries.contactEmail,
    phone: contactInquiries.contactPhone,
    searchIndex: 'contact_inquiries_search',
    created: contactInquiries.createdAt,
    ...followUp(contactInquiries),
  },
  quote: {
    table: quotes,
    id: quotes.id,
    status: quotes.status,
    firstStatus: 'pending',
    search: [quotes.businessName, quotes.contactName, quotes.contactEmail],
    who: sql`coalesce(${quotes.businessName} || ' (' || ${quotes.contactName} || ')', ${quotes.contactName}, ${quotes.contactEmail})`,
    email: quotes.contactEmail,
    phone: quotes.contactPhone,
    searchIndex: 'quotes_search',
    created: quotes.createdAt,
    ...followUp(quotes),
  },
  consultation: {
    table: consultationRequests,
    id: consultationRequests.id,
    status: consultationRequests.status,
    firstStatus: 'new',
    search: [consultationRequests.businessName, consultationRequests.contactName, consultationRequests.email],
    who: sql`${consultationRequests.businessName} || ' (' || ${consultationRequests.contactName} || ')'`,
    email: consultationRequests.email,
    phone: consultationRequests.phone,
    searchIndex: 'consultation_requests_search',
    created: consultationRequests.createdAt,
    ...followUp(consultationRequests),
  },
  optin: {
    table: optInLeads,
    id: optInLeads.id,
    status: null,
    firstStatus: null,
    search: [optInLeads.firstName, optInLeads.email],
    who: sql`${optInLeads.firstName}`,
    email: optInLeads.email,
    phone: null,
    searchIndex: 'opt_in_leads_search',
    created: optInLeads.createdAt,
    ...followUp(optInLeads),
  },
};

function followUp(t: typeof contactInquiries | typeof quotes | typeof consultationRequests | typeof optInLeads) {
  return {
    followUpBy: t.followUpBy,
    followedUpAt: t.followedUpAt,
    remindAt: t.remindAt,
    remindedAt: t.remindedAt,
    assignedTo: t.assignedTo,
  };
}

export interface LeadTable {
  table: SQLiteTable;
  id: SQLiteColumn;
  status: SQLiteColumn | null;
  /** The status a lead starts in; changing it away follows the lead up. */
  firstStatus: string | null;
  search: SQLiteColumn[];
  /** Who the lead is, as one line of text. */
  who: SQL;
  email: SQLiteColumn;
  phone: SQLiteColumn | null;
  /**
   * The table's trigram full-text index of the `search` columns (migration 0014, kept in step by triggers;
   * decision 0067): a search of three or more characters reads the matching ids from it instead of every row.
   */
  searchIndex: string;
  created: SQLiteColumn;
  followUpBy: SQLiteColumn;
  followedUpAt: SQLiteColumn;
  remindAt: SQLiteColumn;
  remindedAt: SQLiteColumn;
  assignedTo: SQLiteColumn;
}

/** "Due soon" is within this long of the follow-up time (wall time: it reads as "today" to staff). */
export const DUE_SOON_MS = 4 * 3_600_000;

/**
 * A phone number's digits as a New Zealand number is dialled at home: `+64 21 555 0100`, `021-555 0100` and
 * `(021) 5550100` are all `0215550100`, so a search finds a number however either side typed it.
 */
export function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.startsWith('64') ? `0${digits.slice(2)}` : digits;
}

const phoneColumnDigits = (column: SQLiteColumn) => {
  const bare = sql`replace(replace(replace(replace(replace(replace(${column}, ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')`;
  return sql`(case when ${bare} like '64%' then '0' || substr(${bare}, 3) else ${bare} end)`;
};

/** A search that reads as a phone number: only digits and the marks people type in numbers, 3 digits or more. */
const looksLikePhone = (term: string) => /^[\d\s()+.-]+$/.test(term) && term.replace(/\D/g, '').length >= 3;

export interface LeadFilter {
  type: LeadType;
  status?: string;
  q?: string;
  due?: LeadDueFilter;
  /** Only leads assigned to this staff member. */
  assignedTo?: number;
}

/** Trigrams: a shorter search has no index entry to look up, and reads the rows as before. */
const INDEXED_SEARCH_CHARS = 3;
/** How many matches past a page's first a search counts before it says "N or more". */
export const SEARCH_COUNT_AHEAD = 1_000;

/**
 * The term as one quoted FTS5 phrase: that text anywhere in any searched column, case-insensitively, as
 * LIKE '%term%' was; a double quote typed by the user is doubled, so no search syntax reaches FTS5.
 */
const phrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/**
 * The list's WHERE clause; the schema has checked that the status belongs to the type and the search's length.
 * `inCreatedOrder` keeps SQLite off the status index (unary `+`), so a read in pages walks the created index and
 * never sorts every row of a status again for each page.
 */
export function filters(
  { type, status, q: term, due, assignedTo }: LeadFilter,
  { inCreatedOrder = false, now = new Date() } = {},
): SQL | undefined {
  const def = LEAD_TABLES[type];
  const parts: (SQL | undefined)[] = [];
  if (status && def.status)
    parts.push(inCreatedOrder ? sql`+${def.status} = ${status}` : sql`${def.status} = ${status}`);
  if (term && indexedSearch(term, def)) {
    const index = sql.identifier(def.searchIndex);
    parts.push(sql`${def.id} in (select rowid from ${index} where ${index} match ${phrase(term)})`);
  } else if (term) {
    // `!` escapes LIKE's wildcards typed by the user, so a search for "50%" means the text "50%".
    const pattern = `%${term.replace(/[%_!]/g, (m) => `!${m}`)}%`;
    const searches = def.search.map((col) => sql`${col} like ${pattern} escape '!'`);
    if (def.phone && looksLikePhone(term))
      searches.push(sql`${phoneColumnDigits(def.phone)} like ${`%${phoneDigits(term)}%`}`);
    parts.push(or(...searches));
  }
  if (due) {
    parts.push(isNull(def.followedUpAt), sql`${def.followUpBy} is not null`);
    if (due === 'overdue') parts.push(lte(def.followUpBy, now));
    if (due === 'soon')
      parts.push(sql`${def.followUpBy} > ${now.getTime()} and ${def.followUpBy} <= ${now.getTime() + DUE_SOON_MS}`);
  }
  if (assignedTo !== undefined) parts.push(eq(def.assignedTo, assignedTo));
  return and(...parts);
}

/**
 * Whether a search is answered from the table's trigram index (three characters or more). A search that reads as a
 * phone number is not: the index holds names and e-mail addresses, and a number is matched by its digits however
 * it was typed (phoneDigits).
 */
const indexedSearch = (term: string | undefined, def: LeadTable) =>
  !!term && [...term].length >= INDEXED_SEARCH_CHARS && !(def.phone && looksLikePhone(term));

type LeadListQuery = PageQuery & LeadFilter;

/**
 * One page of a lead list, newest first (decision 0067). The count comes first; a page in the back half of the list
 * is read from the other end of the index, so the last page costs what the first does instead of skipping every
 * row before it. The page's ids are read from an index alone (created, status-and-created, or the search index's
 * ids), and only those rows are then read whole. A search's matches come in the order they arrived (id, which
 * is the created order: `createdAt` is the insert's own time), the order the search index holds them in, so a
 * common word's thousands of matches are not sorted again for each page.
 */
export async function leadPage(db: Db, query: LeadListQuery) {
  const { type, page, pageSize } = query;
  const def = LEAD_TABLES[type];
  const where = filters(query);
  const searching = indexedSearch(query.q, def);
  const index = sql.identifier(def.searchIndex);
  const skip = offsetOf({ page, pageSize });
  // A search counts its matches only so far past the page (SEARCH_COUNT_AHEAD): a common word's tens of thousands
  // would otherwise each be checked on every page. The list says "N or more" when the count stopped there.
  const cap = query.q ? skip + SEARCH_COUNT_AHEAD + 1 : undefined;
  const [counted] =
    searching && !(query.status && def.status) && !query.due && query.assignedTo === undefined
      ? // With no other filter, the search index alone counts the matches (each of its rows is a lead: triggers
        // keep it so).
        await db.all<{ n: number }>(
          sql`select count(*) as n from (select rowid from ${index} where ${index} match ${phrase(query.q!)} limit ${cap})`,
        )
      : cap
        ? await db.all<{ n: number }>(
            sql`select count(*) as n from (select 1 from ${def.table} where ${where ?? sql`1`} limit ${cap})`,
          )
        : await db.select({ n: count() }).from(def.table).where(where);
  const total = Number(counted?.n ?? 0);
  const atLeast = cap !== undefined && total >= cap;
  if (skip >= total) return { items: [], total, page, pageSize, ...(atLeast ? { totalAtLeast: true } : {}) };
  // A capped count is not the list's end: read from the start.
  const fromEnd = !atLeast && skip > total / 2;
  const take = Math.min(pageSize, total - skip);
  const newestFirst = searching ? [desc(def.id)] : [desc(def.created), desc(def.id)];
  // The page's ids in the list's order; its rows are then read by id (a lead deleted in between is left out).
  const oldestFirst = searching ? [asc(def.id)] : [asc(def.created), asc(def.id)];
  const ids = (
    await db
      .select({ id: def.id })
      .from(def.table)
      // A search's page walks its matches in id order and checks each one's status (not every row of the status).
      .where(searching ? filters(query, { inCreatedOrder: true }) : where)
      .orderBy(...(fromEnd ? oldestFirst : newestFirst))
      .limit(take)
      .offset(fromEnd ? total - skip - take : skip)
  ).map((r) => r.id as number);
  if (fromEnd) ids.reverse();
  const rows = await db.select().from(def.table).where(inArray(def.id, ids));
  const byId = new Map(rows.map((r) => [(r as { id: number }).id, r]));
  const items = ids.flatMap((id) => byId.get(id) ?? []);
  return { items, total, page, pageSize, ...(atLeast ? { totalAtLeast: true } : {}) };
}
