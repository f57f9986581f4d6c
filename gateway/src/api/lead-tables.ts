import { and, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { LeadDueFilter, LeadType } from '@agency/contracts';
import { consultationRequests, contactInquiries, optInLeads, quotes } from '../db';

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
  if (term) {
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
