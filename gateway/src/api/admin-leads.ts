import { desc, eq } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import { endpoints, type LeadRow } from '@agency/contracts';
import { consultationRequests, contactInquiries, paged, quotes } from '../db';
import type { Context } from 'hono';
import { requireStaffActor } from '../auth/access';
import type { AuthEnv } from '../auth/session';
import { auditRowIfChanged } from './audit';
import type { ApiDeps } from './deps';
import { filters, LEAD_TABLES } from './lead-tables';
import { leadExportApi } from './lead-export';
import { endpointRoutes } from './routes';

/** Staff-only lead pipeline: list, detail, status changes and CSV export. */
export function adminLeadsApi(deps: ApiDeps) {
  const { db } = deps;
  /** A lead's new status, written with its audit-log entry (who moved which lead from what to what) in one batch. */
  const setStatus = async (
    c: Context<AuthEnv>,
    entity: 'enquiry' | 'consultation' | 'quote',
    table: typeof contactInquiries | typeof consultationRequests | typeof quotes,
    id: number,
    status: string,
  ) => {
    const actor = requireStaffActor(c);
    const [before] = await db.select({ status: table.status }).from(table).where(eq(table.id, id));
    if (!before) throw new HTTPException(404, { message: 'No such lead' });
    if (before.status === status) return (await db.select().from(table).where(eq(table.id, id)))[0]!;
    const [[row]] = await db.batch([
      db
        .update(table)
        .set({ status } as never)
        .where(eq(table.id, id))
        .returning(),
      auditRowIfChanged(db, actor, { entity, entityId: id, action: 'update', before, after: { status } }),
    ]);
    if (!row) throw new HTTPException(404, { message: 'No such lead' });
    return row;
  };

  const routes = endpointRoutes();
  routes.app.route('/', leadExportApi(deps));
  return routes
    .on(endpoints.adminLeads, async (c) => {
      const query = c.req.valid('query');
      const def = LEAD_TABLES[query.type];
      const where = filters(query);
      const page = await paged(
        db,
        query,
        db.select().from(def.table).where(where).orderBy(desc(def.created)),
        def.table,
        where,
      );
      // Each of the four tables has the columns the inbox acts on (LeadRow); here they are typed as any table.
      return c.json({ ...page, items: page.items as LeadRow[] });
    })

    .on(endpoints.adminLead, async (c) => {
      const { type, id } = c.req.valid('param');
      const def = LEAD_TABLES[type];
      const [row] = await db
        .select()
        .from(def.table)
        .where(eq((def.table as typeof quotes).id, id));
      if (!row) throw new HTTPException(404, { message: 'No such lead' });
      return c.json(row as LeadRow);
    })

    .on(endpoints.setEnquiryStatus, async (c) =>
      c.json(await setStatus(c, 'enquiry', contactInquiries, c.req.valid('param').id, c.req.valid('json').status)),
    )

    .on(endpoints.setConsultationStatus, async (c) =>
      c.json(
        await setStatus(c, 'consultation', consultationRequests, c.req.valid('param').id, c.req.valid('json').status),
      ),
    )

    .on(endpoints.setQuoteStatus, async (c) =>
      c.json(await setStatus(c, 'quote', quotes, c.req.valid('param').id, c.req.valid('json').status)),
    ).app;
}
