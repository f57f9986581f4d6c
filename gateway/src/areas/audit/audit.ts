import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { endpoints } from '@agency/contracts';
import { auditEvents, paged } from '../../platform/db';
import type { ApiDeps } from '../../platform/http/deps';
import { endpointRoutes } from '../../platform/http/routes';

/** Midnight at the start of a New Zealand day ("2026-10-31"), as epoch ms, whatever the server's own zone. */
function nzMidnight(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // The zone's offset at that moment (+13:00 in summer, +12:00 in winter), read from Intl rather than assumed.
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Pacific/Auckland',
    timeZoneName: 'longOffset',
  }).formatToParts(utcMidnight);
  const offset = /GMT([+-])(\d{2}):(\d{2})/.exec(parts.find((p) => p.type === 'timeZoneName')?.value ?? '');
  const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  return utcMidnight - minutes * 60_000;
}

/**
 * The audit trail (master admins, decision 0103): newest first, narrowed by area, by who acted and between which
 * days. An area's pages are read through its index (area, id), never a sort of the table.
 */
export function auditApi({ db }: ApiDeps) {
  return endpointRoutes().on(endpoints.auditEvents, async (c) => {
    const query = c.req.valid('query');
    const conditions: SQL[] = [];
    if (query.area) conditions.push(eq(auditEvents.area, query.area));
    if (query.who) conditions.push(sql`lower(${auditEvents.actor}) = ${query.who.toLowerCase()}`);
    if (query.from) conditions.push(gte(auditEvents.at, new Date(nzMidnight(query.from))));
    if (query.to) {
      const next = new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      conditions.push(lt(auditEvents.at, new Date(nzMidnight(next))));
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const rows = db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.id));
    return c.json(await paged(db, query, rows, auditEvents, where));
  }).app;
}
