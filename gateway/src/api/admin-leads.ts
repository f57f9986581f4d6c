import { count, desc, eq, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import {
  EnquiryStatusUpdateSchema,
  LeadListQuerySchema,
  LeadParamSchema,
  QuoteStatusUpdateSchema,
  type LeadType,
} from '@agency/contracts';
import type { AuthEnv } from '../auth/session';
import { consultationRequests, contactInquiries, quotes, type Db } from '../db';
import { validate } from '../http/validate';
import { idParam, offsetOf, staffOnly } from '../auth/access';
import type { ApiDeps } from './deps';
import { filters, LEAD_TABLES } from './lead-tables';
import { leadExportApi } from './lead-export';

async function listLeads(db: Db, type: LeadType, where: SQL | undefined, limit: number, offset: number) {
  const def = LEAD_TABLES[type];
  const [items, [total]] = await Promise.all([
    db.select().from(def.table).where(where).orderBy(desc(def.created)).limit(limit).offset(offset),
    db.select({ n: count() }).from(def.table).where(where),
  ]);
  return { items: items as Record<string, unknown>[], total: total?.n ?? 0 };
}

/** Staff-only lead pipeline: list, detail, status changes and CSV export. */
export function adminLeadsApi(deps: ApiDeps) {
  const { db } = deps;
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
    .route('/', leadExportApi(deps))
    .get('/admin/leads', staffOnly, validate('query', LeadListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const { page, pageSize } = query;
      const { items, total } = await listLeads(db, query.type, filters(query), pageSize, offsetOf({ page, pageSize }));
      return c.json({ items, total, page, pageSize });
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
