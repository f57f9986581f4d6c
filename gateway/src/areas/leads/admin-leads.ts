import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import type { Context } from 'hono';
import { endpoints, LEAD_TYPES, type LeadRow, type LeadType } from '@agency/contracts';
import { requireStaff } from '../../platform/http/guards/access';
import type { AuthEnv } from '../../platform/http/guards/session';
import {
  consultationRequests,
  contactInquiries,
  leadEvents,
  offsetOf,
  paged,
  quotes,
  type Db,
} from '../../platform/db';
import { actorOf, audit } from '../../platform/audit/record';
import type { ApiDeps } from '../../platform/http/deps';
import { filters, LEAD_TABLES, leadPage, type LeadFilter } from './lead-tables';
import { leadExportApi } from './lead-export';
import { leadWorkApi } from './lead-work';
import { endpointRoutes } from '../../platform/http/routes';

type ListQuery = Omit<LeadFilter, 'type'> & { sort: 'newest' | 'follow-up' };

/** Soonest follow-up first: open leads by due time (those without a clock last), then the followed-up ones. */
const followUpOrder = (type: LeadType) => {
  const def = LEAD_TABLES[type];
  return [sql`${def.followedUpAt} is not null`, sql`${def.followUpBy} is null`, asc(def.followUpBy), desc(def.created)];
};

/**
 * The "All leads" view: the four kinds' shared columns in one list (UNION ALL of four filtered selects), a page
 * of it by created time or follow-up time. Each select uses its own table's filter, so a search or a follow-up
 * filter means the same in every kind.
 */
async function allLeads(db: Db, query: ListQuery & { page: number; pageSize: number }) {
  const selects = LEAD_TYPES.map((type) => {
    const def = LEAD_TABLES[type];
    const where = filters({ ...query, type });
    return sql`select ${type} as leadType, ${def.id} as id, ${def.who} as who, ${def.email} as email,
      ${def.phone ?? sql`null`} as phone, ${def.status ?? sql`null`} as status, ${def.created} as createdAt,
      ${def.followUpBy} as followUpBy, ${def.followedUpAt} as followedUpAt, ${def.assignedTo} as assignedTo
      from ${def.table} ${where ? sql`where ${where}` : sql``}`;
  });
  const union = sql.join(selects, sql` union all `);
  const order =
    query.sort === 'follow-up'
      ? sql`followedUpAt is not null, followUpBy is null, followUpBy asc, createdAt desc`
      : sql`createdAt desc, leadType, id desc`;
  const [items, [total]] = await Promise.all([
    db.all<Record<string, unknown>>(
      sql`select * from (${union}) order by ${order} limit ${query.pageSize} offset ${offsetOf(query)}`,
    ),
    db.all<{ n: number }>(sql`select count(*) as n from (${union})`),
  ]);
  return { items: items as LeadRow[], total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** Staff-only lead pipeline: list, detail, status changes and CSV export; the timeline and follow-up in lead-work. */
export function adminLeadsApi(deps: ApiDeps) {
  const { db } = deps;

  /**
   * Sets a status; leaving the first status follows the lead up (once); the change goes on the timeline and in the
   * audit log (who moved which lead from what to what), all in one batch. Setting the status it has changes nothing.
   */
  const setStatus = async (
    c: Context<AuthEnv>,
    type: 'enquiry' | 'consultation' | 'quote',
    table: typeof contactInquiries | typeof consultationRequests | typeof quotes,
    id: number,
    status: string,
  ) => {
    const { user } = requireStaff(c);
    const def = LEAD_TABLES[type];
    const now = new Date();
    const [before] = await db.select({ status: table.status }).from(table).where(eq(table.id, id));
    if (!before) throw new HTTPException(404, { message: 'This lead no longer exists.' });
    if (before.status === status) {
      const [same] = await db.select().from(table).where(eq(table.id, id));
      return { ...(same as LeadRow), leadType: type };
    }
    const [[row]] = await db.batch([
      db
        .update(table)
        .set({ status } as never)
        .where(eq(table.id, id))
        .returning(),
      // Right after the update it audits: changes() counts that update's row.
      audit(
        db,
        { area: 'leads', actor: actorOf(user), subject: { type, id }, action: 'update', before, after: { status } },
        { ifChanged: true },
      ),
      db
        .update(table)
        .set({ followedUpAt: now } as never)
        .where(and(eq(table.id, id), isNull(table.followedUpAt), sql`${status} <> ${def.firstStatus}`)),
      db.insert(leadEvents).values({
        leadType: type,
        leadId: id,
        kind: 'status',
        text: `Status changed from ${before.status} to ${status}.`,
        userId: user.id,
        userName: user.username,
      }),
    ]);
    if (!row) throw new HTTPException(404, { message: 'This lead no longer exists.' });
    const [fresh] = await db.select().from(table).where(eq(table.id, id));
    return { ...(fresh as LeadRow), leadType: type };
  };

  const routes = endpointRoutes();
  routes.app.route('/', leadExportApi(deps));
  routes.app.route('/', leadWorkApi(deps));
  return routes
    .on(endpoints.adminLeads, async (c) => {
      const query = c.req.valid('query');
      const { user } = requireStaff(c);
      const list = { ...query, assignedTo: query.mine ? user.id : undefined };
      if (list.type === 'all') return c.json(await allLeads(db, list));
      const type = list.type;
      let page;
      if (list.sort === 'follow-up') {
        const def = LEAD_TABLES[type];
        const where: SQL | undefined = filters({ ...list, type });
        const rows = db
          .select()
          .from(def.table)
          .where(where)
          .orderBy(...followUpOrder(type));
        page = await paged(db, list, rows, def.table, where);
      } else {
        // Newest first: the index-only page of decision 0067 (the last page costs what the first does).
        page = await leadPage(db, { ...list, type });
      }
      // Each of the four tables has the columns the inbox acts on (LeadRow); here they are typed as any table.
      return c.json({ ...page, items: page.items.map((row) => ({ ...(row as LeadRow), leadType: type })) });
    })

    .on(endpoints.adminLead, async (c) => {
      const { type, id } = c.req.valid('param');
      const def = LEAD_TABLES[type];
      const [row] = await db.select().from(def.table).where(eq(def.id, id));
      if (!row) return c.json({ message: 'This lead no longer exists.' }, 404);
      return c.json({ ...(row as LeadRow), leadType: type });
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
