import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import {
  EnquiryStatusUpdateSchema,
  LeadFilterQuerySchema,
  LeadListQuerySchema,
  LeadParamSchema,
  QuoteStatusUpdateSchema,
  type LeadType,
} from '@agency/contracts';
import type { AuthEnv } from '../auth/session';
import { consultationRequests, contactInquiries, optInLeads, quotes, type Db } from '../db';
import { validate } from '../http/validate';
import { idParam, offsetOf, staffOnly } from '../auth/access';
import { toCsv } from '../http/csv';
import type { ApiDeps } from './deps';

/**
 * The four lead lists of the inbox, each with the columns searched and the CSV columns. Read only with a type the
 * query schema has checked against LEAD_TYPES, so no inherited key (`toString`, `__proto__`) can reach it.
 */
const LEAD_TABLES: Record<LeadType, LeadTable> = {
  enquiry: {
    table: contactInquiries,
    status: contactInquiries.status,
    search: [contactInquiries.businessName, contactInquiries.contactName, contactInquiries.contactEmail],
    created: contactInquiries.createdAt,
  },
  quote: {
    table: quotes,
    status: quotes.status,
    search: [quotes.businessName, quotes.contactName, quotes.contactEmail],
    created: quotes.createdAt,
  },
  consultation: {
    table: consultationRequests,
    status: consultationRequests.status,
    search: [consultationRequests.businessName, consultationRequests.contactName, consultationRequests.email],
    created: consultationRequests.createdAt,
  },
  optin: {
    table: optInLeads,
    status: null,
    search: [optInLeads.firstName, optInLeads.email],
    created: optInLeads.createdAt,
  },
};

interface LeadTable {
  table: SQLiteTable;
  status: SQLiteColumn | null;
  search: SQLiteColumn[];
  created: SQLiteColumn;
}

/** The list's WHERE clause; the schema has checked that the status belongs to the type and the search's length. */
function filters({ type, status, q: term }: { type: LeadType; status?: string; q?: string }): SQL | undefined {
  const def = LEAD_TABLES[type];
  const parts: (SQL | undefined)[] = [];
  if (status && def.status) parts.push(sql`${def.status} = ${status}`);
  if (term) {
    // `!` escapes LIKE's wildcards typed by the user, so a search for "50%" means the text "50%".
    const pattern = `%${term.replace(/[%_!]/g, (m) => `!${m}`)}%`;
    parts.push(or(...def.search.map((col) => sql`${col} like ${pattern} escape '!'`)));
  }
  return and(...parts);
}

async function listLeads(db: Db, type: LeadType, where: SQL | undefined, limit: number, offset: number) {
  const def = LEAD_TABLES[type];
  const [items, [total]] = await Promise.all([
    db.select().from(def.table).where(where).orderBy(desc(def.created)).limit(limit).offset(offset),
    db.select({ n: count() }).from(def.table).where(where),
  ]);
  return { items: items as Record<string, unknown>[], total: total?.n ?? 0 };
}

/** Staff-only lead pipeline: list, detail, status changes and CSV export. */
export function adminLeadsApi({ db }: ApiDeps) {
  const setStatus = async (
    table: typeof contactInquiries | typeof consultationRequests | typeof quotes,
    id: number,
    status: string,
  ) => {
    const [row] = await db
      .update(table)
      .set({ status } as never)
      .where(eq(table.id, id))
      .returning();
    if (!row) throw new HTTPException(404, { message: 'No such lead' });
    return row;
  };

  return new Hono<AuthEnv>()
    .get('/admin/leads', staffOnly, validate('query', LeadListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const { page, pageSize } = query;
      const { items, total } = await listLeads(db, query.type, filters(query), pageSize, offsetOf({ page, pageSize }));
      return c.json({ items, total, page, pageSize });
    })

    .get('/admin/leads/export.csv', staffOnly, validate('query', LeadFilterQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const type = query.type;
      // The export follows the same filters as the list, capped so one request cannot run away.
      const { items } = await listLeads(db, type, filters(query), 10_000, 0);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header(
        'Content-Disposition',
        `attachment; filename="${type}-leads-${new Date().toISOString().slice(0, 10)}.csv"`,
      );
      c.header('Cache-Control', 'private, no-store');
      return c.body(toCsv(items));
    })

    .get('/admin/leads/:type/:id', staffOnly, validate('param', LeadParamSchema), async (c) => {
      const { type, id } = c.req.valid('param');
      const def = LEAD_TABLES[type];
      const [row] = await db
        .select()
        .from(def.table)
        .where(eq((def.table as typeof quotes).id, id));
      if (!row) throw new HTTPException(404, { message: 'No such lead' });
      return c.json(row);
    })

    .patch('/admin/enquiries/:id', staffOnly, validate('json', EnquiryStatusUpdateSchema), async (c) => {
      return c.json(await setStatus(contactInquiries, idParam(c.req.param('id')), c.req.valid('json').status));
    })

    .patch('/admin/consultations/:id', staffOnly, validate('json', EnquiryStatusUpdateSchema), async (c) => {
      return c.json(await setStatus(consultationRequests, idParam(c.req.param('id')), c.req.valid('json').status));
    })

    .patch('/admin/quotes/:id', staffOnly, validate('json', QuoteStatusUpdateSchema), async (c) => {
      return c.json(await setStatus(quotes, idParam(c.req.param('id')), c.req.valid('json').status));
    });
}
