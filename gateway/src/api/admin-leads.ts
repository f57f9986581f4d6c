import { eq } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import { endpoints, type LeadRow } from '@agency/contracts';
import { consultationRequests, contactInquiries, quotes } from '../db';
import type { ApiDeps } from './deps';
import { LEAD_TABLES, leadPage } from './lead-tables';
import { leadExportApi } from './lead-export';
import { endpointRoutes } from './routes';

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

  const routes = endpointRoutes();
  routes.app.route('/', leadExportApi(deps));
  return routes
    .on(endpoints.adminLeads, async (c) => {
      const page = await leadPage(db, c.req.valid('query'));
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
      c.json(await setStatus(contactInquiries, c.req.valid('param').id, c.req.valid('json').status)),
    )

    .on(endpoints.setConsultationStatus, async (c) =>
      c.json(await setStatus(consultationRequests, c.req.valid('param').id, c.req.valid('json').status)),
    )

    .on(endpoints.setQuoteStatus, async (c) =>
      c.json(await setStatus(quotes, c.req.valid('param').id, c.req.valid('json').status)),
    ).app;
}
