import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { endpoints, type AuditEntity } from '@agency/contracts';
import { contentAudit, paged, type Db } from '../db';
import type { ApiDeps } from './deps';
import { endpointRoutes } from './routes';

export interface AuditActor {
  id: number;
  email: string;
}

/**
 * The audit row of a change made through the API (an account's role or access, a lead's status), to run in the
 * same batch as the change so neither is kept without the other. Content writes are recorded by their tables'
 * triggers instead (content/write.ts).
 */
export function auditRow(
  db: Db,
  actor: AuditActor,
  entry: { entity: AuditEntity; entityId: number; action: 'create' | 'update'; before?: unknown; after: unknown },
) {
  return db.insert(contentAudit).values({
    userId: actor.id,
    userEmail: actor.email,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after,
  });
}

/**
 * `auditRow` for a guarded change in one batch: written only when the statement just before it changed a row
 * (SQLite's `changes()`), so a refused change (the last master admin) leaves no entry and an allowed one never
 * goes unrecorded.
 */
export function auditRowIfChanged(
  db: Db,
  actor: AuditActor,
  entry: {
    entity: AuditEntity;
    /** A number, or SQL reading it (the id of a row the batch just inserted). */
    entityId: number | SQL;
    action: 'create' | 'update';
    before?: unknown;
    after: unknown;
  },
) {
  return db.run(sql`insert into ${contentAudit} ("userId", "userEmail", "entity", "entityId", "action", "before", "after")
    select ${actor.id}, ${actor.email}, ${entry.entity}, ${entry.entityId}, ${entry.action},
      ${JSON.stringify(entry.before ?? null)}, ${JSON.stringify(entry.after)}
    where changes() > 0`);
}

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

/** The audit log (master admins): newest first, narrowed by what was changed, by whom and between which days. */
export function auditApi({ db }: ApiDeps) {
  return endpointRoutes().on(endpoints.contentAudit, async (c) => {
    const query = c.req.valid('query');
    const conditions: SQL[] = [];
    if (query.entity) conditions.push(eq(contentAudit.entity, query.entity));
    if (query.who) conditions.push(sql`lower(${contentAudit.userEmail}) = ${query.who.toLowerCase()}`);
    if (query.from) conditions.push(gte(contentAudit.at, new Date(nzMidnight(query.from))));
    if (query.to) {
      const next = new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      conditions.push(lt(contentAudit.at, new Date(nzMidnight(next))));
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const rows = db.select().from(contentAudit).where(where).orderBy(desc(contentAudit.id));
    return c.json(await paged(db, query, rows, contentAudit, where));
  }).app;
}
