import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import {
  ENQUIRY_STATUSES,
  EnquiryStatusUpdateSchema,
  QUOTE_STATUSES,
  QuoteStatusUpdateSchema,
} from '@agency/contracts';
import type { AuthEnv } from '../auth/session';
import { consultationRequests, contactInquiries, optInLeads, quotes, type Db } from '../db';
import { validate } from '../http/validate';
import { idParam, pageParams, requireStaff } from '../portal/access';
import { toCsv } from '../portal/csv';
import type { ApiDeps } from './deps';

/** The four lead lists of the inbox, each with the columns searched and the CSV columns. */
const LEAD_TYPES = {
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
} satisfies Record<
  string,
  { table: SQLiteTable; status: SQLiteColumn | null; search: SQLiteColumn[]; created: SQLiteColumn }
>;
type LeadType = keyof typeof LEAD_TYPES;

function leadType(value: string | undefined): LeadType {
  if (value && value in LEAD_TYPES) return value as LeadType;
  throw new HTTPException(400, { message: `type must be one of ${Object.keys(LEAD_TYPES).join(', ')}` });
}

function filters(type: LeadType, status: string | undefined, q: string | undefined): SQL | undefined {
  const def = LEAD_TYPES[type];
  const parts: (SQL | undefined)[] = [];
  if (status) {
    if (!def.status) throw new HTTPException(400, { message: 'status does not apply to opt-ins' });
    const allowed: readonly string[] = type === 'quote' ? QUOTE_STATUSES : ENQUIRY_STATUSES;
    if (!allowed.includes(status))
      throw new HTTPException(400, { message: `status must be one of ${allowed.join(', ')}` });
    parts.push(sql`${def.status} = ${status}`);
  }
  const term = q?.trim();
  if (term) {
    if (term.length > 100) throw new HTTPException(400, { message: 'q must be at most 100 characters' });
    // `!` escapes LIKE's wildcards typed by the user, so a search for "50%" means the text "50%".
    const pattern = `%${term.replace(/[%_!]/g, (m) => `!${m}`)}%`;
    parts.push(or(...def.search.map((col) => sql`${col} like ${pattern} escape '!'`)));
  }
  return and(...parts);
}

async function listLeads(db: Db, type: LeadType, where: SQL | undefined, limit: number, offset: number) {
  const def = LEAD_TYPES[type];
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
    .get('/admin/leads', async (c) => {
      requireStaff(c);
      const type = leadType(c.req.query('type'));
      const { page, pageSize, offset } = pageParams(c);
      const { items, total } = await listLeads(
        db,
        type,
        filters(type, c.req.query('status'), c.req.query('q')),
        pageSize,
        offset,
      );
      return c.json({ items, total, page, pageSize });
    })

    .get('/admin/leads/export.csv', async (c) => {
      requireStaff(c);
      const type = leadType(c.req.query('type'));
      // The export follows the same filters as the list, capped so one request cannot run away.
      const { items } = await listLeads(db, type, filters(type, c.req.query('status'), c.req.query('q')), 10_000, 0);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header(
        'Content-Disposition',
        `attachment; filename="${type}-leads-${new Date().toISOString().slice(0, 10)}.csv"`,
      );
      c.header('Cache-Control', 'private, no-store');
      return c.body(toCsv(items));
    })

    .get('/admin/leads/:type/:id', async (c) => {
      requireStaff(c);
      const def = LEAD_TYPES[leadType(c.req.param('type'))];
      const [row] = await db
        .select()
        .from(def.table)
        .where(eq((def.table as typeof quotes).id, idParam(c.req.param('id'))));
      if (!row) throw new HTTPException(404, { message: 'No such lead' });
      return c.json(row);
    })

    .patch('/admin/enquiries/:id', validate('json', EnquiryStatusUpdateSchema), async (c) => {
      requireStaff(c);
      return c.json(await setStatus(contactInquiries, idParam(c.req.param('id')), c.req.valid('json').status));
    })

    .patch('/admin/consultations/:id', validate('json', EnquiryStatusUpdateSchema), async (c) => {
      requireStaff(c);
      return c.json(await setStatus(consultationRequests, idParam(c.req.param('id')), c.req.valid('json').status));
    })

    .patch('/admin/quotes/:id', validate('json', QuoteStatusUpdateSchema), async (c) => {
      requireStaff(c);
      return c.json(await setStatus(quotes, idParam(c.req.param('id')), c.req.valid('json').status));
    });
}
