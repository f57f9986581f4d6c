import { and, asc, count, desc, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { LeadType, PageQuery } from '@agency/contracts';
import { consultationRequests, contactInquiries, offsetOf, optInLeads, quotes, type Db } from '../db';

/**
 * The four lead lists of the inbox, each with the columns searched and the CSV columns. Read only with a type the
 * query schema has checked against LEAD_TYPES, so no inherited key (`toString`, `__proto__`) can reach it.
 */
export const LEAD_TABLES: Record<LeadType, LeadTable> = {
  enquiry: {
    table: contactInquiries,
    id: contactInquiries.id,
    status: contactInquiries.status,
    search: [contactInquiries.businessName, contactInquiries.contactName, contactInquiries.contactEmail],
    searchIndex: 'contact_inquiries_search',
    created: contactInquiries.createdAt,
  },
  quote: {
    table: quotes,
    id: quotes.id,
    status: quotes.status,
    search: [quotes.businessName, quotes.contactName, quotes.contactEmail],
    searchIndex: 'quotes_search',
    created: quotes.createdAt,
  },
  consultation: {
    table: consultationRequests,
    id: consultationRequests.id,
    status: consultationRequests.status,
    search: [consultationRequests.businessName, consultationRequests.contactName, consultationRequests.email],
    searchIndex: 'consultation_requests_search',
    created: consultationRequests.createdAt,
  },
  optin: {
    table: optInLeads,
    id: optInLeads.id,
    status: null,
    search: [optInLeads.firstName, optInLeads.email],
    searchIndex: 'opt_in_leads_search',
    created: optInLeads.createdAt,
  },
};

interface LeadTable {
  table: SQLiteTable;
  id: SQLiteColumn;
  status: SQLiteColumn | null;
  search: SQLiteColumn[];
  /**
   * The table's trigram full-text index of the `search` columns (migration 0012, kept in step by triggers;
   * decision 0067): a search of three or more characters reads the matching ids from it instead of every row.
   */
  searchIndex: string;
  created: SQLiteColumn;
}

/** Trigrams: a shorter search has no index entry to look up, and reads the rows as before. */
const INDEXED_SEARCH_CHARS = 3;

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
  { type, status, q: term }: { type: LeadType; status?: string; q?: string },
  { inCreatedOrder = false } = {},
): SQL | undefined {
  const def = LEAD_TABLES[type];
  const parts: (SQL | undefined)[] = [];
  if (status && def.status)
    parts.push(inCreatedOrder ? sql`+${def.status} = ${status}` : sql`${def.status} = ${status}`);
  if (term && indexedSearch(term)) {
    const index = sql.identifier(def.searchIndex);
    parts.push(sql`${def.id} in (select rowid from ${index} where ${index} match ${phrase(term)})`);
  } else if (term) {
    // `!` escapes LIKE's wildcards typed by the user, so a search for "50%" means the text "50%".
    const pattern = `%${term.replace(/[%_!]/g, (m) => `!${m}`)}%`;
    parts.push(or(...def.search.map((col) => sql`${col} like ${pattern} escape '!'`)));
  }
  return and(...parts);
}

/** Whether a search is answered from the table's trigram index (three characters or more). */
const indexedSearch = (term: string | undefined) => !!term && [...term].length >= INDEXED_SEARCH_CHARS;

interface LeadListQuery extends PageQuery {
  type: LeadType;
  status?: string;
  q?: string;
}

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
  const searching = indexedSearch(query.q);
  const index = sql.identifier(def.searchIndex);
  // Without a status, the search index alone counts the matches (each of its rows is a lead: triggers keep it so).
  const [counted] =
    searching && !(query.status && def.status)
      ? await db.all<{ n: number }>(sql`select count(*) as n from ${index} where ${index} match ${phrase(query.q!)}`)
      : await db.select({ n: count() }).from(def.table).where(where);
  const total = Number(counted?.n ?? 0);
  const skip = offsetOf({ page, pageSize });
  if (skip >= total) return { items: [], total, page, pageSize };
  const fromEnd = skip > total / 2;
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
  return { items, total, page, pageSize };
}
