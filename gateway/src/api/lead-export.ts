import { and, desc, sql, type SQL } from 'drizzle-orm';
import { endpoints, type LeadType } from '@agency/contracts';
import { requireStaff } from '../auth/access';
import type { Db } from '../db';
import { toCsv } from '../http/csv';
import { csvStream, FIRST_PAGE_ROWS } from '../http/csv-stream';
import { slots } from '../http/slots';
import { tooMany } from '../http/too-many';
import type { ApiDeps } from './deps';
import { filters, LEAD_TABLES } from './lead-tables';
import { endpointRoutes } from './routes';

/** Exports running at once, per person and in all (on each gateway): each holds a reader and a page or two. */
export const EXPORT_LIMITS = { perUser: 2, inAll: 4 } as const;
/** 100,000 rows take a few seconds: a refused export may be tried again about this soon. */
const RETRY_AFTER_SECONDS = 10;

type Lead = Record<string, unknown> & { id: number; createdAt: Date };

/**
 * Reads the leads of the export a page at a time in the inbox's order, newest first (ties by id): each page starts
 * after the last row of the one before (keyset), so every read is an index range of one page, never an OFFSET that
 * skips all the rows already sent.
 */
function pageReader(db: Db, type: LeadType, where: SQL | undefined) {
  const def = LEAD_TABLES[type];
  return async (after: Lead | undefined, count: number): Promise<Lead[]> => {
    const from = after ? sql`(${def.created}, ${def.id}) < (${after.createdAt.getTime()}, ${after.id})` : undefined;
    const rows = await db
      .select()
      .from(def.table)
      .where(and(where, from))
      .orderBy(desc(def.created), desc(def.id))
      .limit(count);
    return rows as Lead[];
  };
}

/**
 * `GET /admin/leads/export.csv`: every lead of a type that matches the list's filters, as CSV, streamed from the
 * database to the client page by page with the client's own pace (decision 0048).
 */
export function leadExportApi({ db, logger }: ApiDeps) {
  const running = slots({ perKey: EXPORT_LIMITS.perUser, total: EXPORT_LIMITS.inAll });
  const refusal = {
    perKey: `Only ${EXPORT_LIMITS.perUser} exports can run at once for each person, and ${EXPORT_LIMITS.perUser} of yours are still running. Please wait for one of them to finish, then try again.`,
    total: `Only ${EXPORT_LIMITS.inAll} exports can run at once for the whole team, and ${EXPORT_LIMITS.inAll} are running now. Please try again in a few seconds.`,
  };

  return endpointRoutes().on(endpoints.exportLeads, async (c) => {
    const query = c.req.valid('query');
    const { user } = requireStaff(c);
    const headers = {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${query.type}-leads-${new Date().toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'private, no-store',
    };
    // Headers only: a body nobody reads would hold its slot for good.
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    const slot = running.take(String(user.id));
    if ('full' in slot) return tooMany(c, RETRY_AFTER_SECONDS, refusal[slot.full]);

    const read = pageReader(db, query.type, filters(query, { inCreatedOrder: true }));
    let first: Lead[];
    try {
      first = await read(undefined, FIRST_PAGE_ROWS);
    } catch (error) {
      slot.release();
      throw error;
    }
    if (first.length < FIRST_PAGE_ROWS) {
      slot.release();
      return c.body(toCsv(first), 200, headers);
    }
    const body = csvStream({
      first,
      next: read,
      settled(outcome, rows, error) {
        slot.release();
        if (outcome === 'cancelled')
          logger.info('lead export stopped: the client went away', { type: query.type, rows });
        if (outcome === 'failed') logger.error('lead export failed', { type: query.type, rows, error: String(error) });
      },
    });
    return c.body(body, 200, headers);
  }).app;
}
