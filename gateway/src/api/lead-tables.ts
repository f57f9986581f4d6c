import { and, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { LeadType } from '@agency/contracts';
import { consultationRequests, contactInquiries, optInLeads, quotes } from '../db';

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
    created: contactInquiries.createdAt,
  },
  quote: {
    table: quotes,
    id: quotes.id,
    status: quotes.status,
    search: [quotes.businessName, quotes.contactName, quotes.contactEmail],
    created: quotes.createdAt,
  },
  consultation: {
    table: consultationRequests,
    id: consultationRequests.id,
    status: consultationRequests.status,
    search: [consultationRequests.businessName, consultationRequests.contactName, consultationRequests.email],
    created: consultationRequests.createdAt,
  },
  optin: {
    table: optInLeads,
    id: optInLeads.id,
    status: null,
    search: [optInLeads.firstName, optInLeads.email],
    created: optInLeads.createdAt,
  },
};

interface LeadTable {
  table: SQLiteTable;
  id: SQLiteColumn;
  status: SQLiteColumn | null;
  search: SQLiteColumn[];
  created: SQLiteColumn;
}

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
  if (term) {
    // `!` escapes LIKE's wildcards typed by the user, so a search for "50%" means the text "50%".
    const pattern = `%${term.replace(/[%_!]/g, (m) => `!${m}`)}%`;
    parts.push(or(...def.search.map((col) => sql`${col} like ${pattern} escape '!'`)));
  }
  return and(...parts);
}
