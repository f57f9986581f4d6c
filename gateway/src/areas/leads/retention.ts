import { randomUUID } from 'node:crypto';
import { and, count, asc, eq, lt, notExists, sql } from 'drizzle-orm';
import { LEAD_TYPES, type LeadType } from '@agency/contracts';
import { LEAD_TABLES } from './lead-tables';
import { conversionEvents, outbox, privacyRequests, retentionHolds, type Db } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { ObjectStore } from '../../platform/storage/object-store';
import { holdLeaseUntil, takeLease } from '../../platform/db/lease';
import { audit, RETENTION_JOB } from '../../platform/audit/record';
import { privacyStep } from '../../platform/audit/data-audit';
import { betweenBatches, deleteInBatches, HoldMeter } from '../../platform/db/batches';
import { eraseLeadStatements } from './erase';
import {
  clientCutoff,
  clientsDue,
  clientsDueCount,
  clientsSoon,
  eraseClientBatch,
  keptClientWith,
} from './client-retention';

/** Leads are kept two years (the privacy policy), unless the person is a client or staff hold the lead. */
export const LEAD_RETENTION_YEARS = 2;
/** Leads erased per batch (one transaction each) and batches per run: a run's work is bounded. */
export const RETENTION_BATCH = 100;
export const RETENTION_MAX_BATCHES = 20;
const LEASE = 'retention';
/** A run's lease while it works; after it, the lease is kept for a day, so the job runs daily whoever runs it. */
const RUNNING_MS = 30 * 60_000;
const DAY_MS = 24 * 3_600_000;

export const retentionCutoff = (now: Date) => {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - LEAD_RETENTION_YEARS);
  return cutoff;
};

/**
 * The leads of a kind the next run erases: older than the cutoff, not held, and not a kept client's (by address: an
 * open client, one closed less than seven years ago, or a held one; decision 0069).
 */
function dueWhere(db: Db, type: LeadType, now: Date) {
  const def = LEAD_TABLES[type];
  return and(
    lt(def.created, retentionCutoff(now)),
    notExists(
      db
        .select({ one: sql`1` })
        .from(retentionHolds)
        .where(and(eq(retentionHolds.leadType, type), eq(retentionHolds.leadId, def.id))),
    ),
    sql`not ${keptClientWith(def.email, clientCutoff(now))}`,
  );
}

function dueQuery(db: Db, type: LeadType, now: Date, limit: number) {
  const def = LEAD_TABLES[type];
  return db
    .select({ id: sql<number>`${def.id}`, createdAt: sql<number>`${def.created}`, who: sql<string>`${def.who}` })
    .from(def.table)
    .where(dueWhere(db, type, now))
    .orderBy(asc(def.created))
    .limit(limit);
}

/**
 * What the next run will erase (at most `limit` of each kind, and of client accounts) and how many in all, and the
 * client accounts coming due within 30 days. A lead of a client the run erases is listed among the leads too.
 */
export async function retentionDue(db: Db, now: Date, limit = 50) {
  const cutoff = retentionCutoff(now);
  const due: { leadType: LeadType; leadId: number; createdAt: string; who: string }[] = [];
  let total = 0;
  for (const type of LEAD_TYPES) {
    // Counted in SQL and listed up to `limit`: five years of leads hold hundreds of thousands past two years.
    const [rows, [counted]] = await Promise.all([
      dueQuery(db, type, now, limit),
      db
        .select({ n: count() })
        .from(LEAD_TABLES[type].table)
        .where(dueWhere(db, type, now)),
    ]);
    total += counted?.n ?? 0;
    for (const r of rows)
      due.push({ leadType: type, leadId: r.id, createdAt: new Date(r.createdAt).toISOString(), who: r.who ?? '' });
  }
  const [clients, clientsTotal, soon] = await Promise.all([
    clientsDue(db, now, limit),
    clientsDueCount(db, now),
    clientsSoon(db, now, limit),
  ]);
  return { cutoff, due, total, clientCutoff: clientCutoff(now), clients, clientsTotal, clientsSoon: soon };
}

export interface RetentionRun {
  leads: number;
  clients: number;
  /** Outbox e-mails, webhook notices and website events past two years, and privacy requests answered then. */
  messages: number;
}

export interface RetentionDeps {
  /** The client files' object store: a closed client's files go with the account. */
  files: ObjectStore;
  /** Revokes erased clients' Google grants at Google before their rows go (areas/google, decision 0093). */
  revokeGrants?: (clientIds: number[]) => Promise<void>;
}

/**
 * The daily retention run (decisions 0066 and 0069): erases client accounts closed more than seven years ago with
 * everything held for them, then leads past two years, in batches, each batch one transaction with an audit row per
 * record (kind and number only), then outbox messages past two years in batches sized by time (platform/db/batches.ts).
 * Each batch's hold of the database goes on `meter`. Several gateways may call it at once: the lease row lets one of
 * them run, and keeps the rest off for a day.
 */
export function retention(db: Db, logger: Logger, deps: RetentionDeps, holder = randomUUID()) {
  return {
    async run(now = new Date(), meter = new HoldMeter()): Promise<RetentionRun | null> {
      if (!(await takeLease(db, LEASE, holder, RUNNING_MS, now))) return null;
      const cutoff = retentionCutoff(now);
      let clients = 0;
      for (let batch = 0; batch < RETENTION_MAX_BATCHES; batch++) {
        const n = await eraseClientBatch(db, deps.files, now, cutoff, meter, deps.revokeGrants);
        clients += n;
        if (n === 0) break;
        await betweenBatches();
      }
      let erased = 0;
      for (const type of LEAD_TYPES) {
        for (let batch = 0; batch < RETENTION_MAX_BATCHES; batch++) {
          const rows = await dueQuery(db, type, now, RETENTION_BATCH);
          if (!rows.length) break;
          const ids = rows.map((r) => r.id);
          await meter.time(`retention: ${type} leads`, () =>
            db.batch([
              ...eraseLeadStatements(db, type, ids),
              audit(
                db,
                ids.map((id) =>
                  privacyStep(RETENTION_JOB, 'erase', { type, id }, 'Older than two years, not a client, not held.'),
                ),
              ),
            ]),
          );
          erased += ids.length;
          if (rows.length < RETENTION_BATCH) break;
          await betweenBatches();
        }
      }
      // Sent or given up long ago, they only hold personal data; so do website events past two years, and privacy
      // requests answered two years ago (the audit trail keeps that they were, without the address). Each is found
      // through an index on the column its condition reads (decision 0081).
      let messages = 0;
      for (const [what, table, condition] of [
        ['retention: outbox messages', outbox, sql`${outbox.createdAt} < ${cutoff.getTime()}`],
        ['retention: website events', conversionEvents, sql`${conversionEvents.createdAt} < ${cutoff.getTime()}`],
        [
          'retention: answered privacy requests',
          privacyRequests,
          sql`${privacyRequests.status} = 'done' and ${privacyRequests.dueAt} < ${cutoff.getTime()} and ${privacyRequests.doneAt} < ${cutoff.getTime()}`,
        ],
      ] as const)
        messages += await deleteInBatches(db, table, condition, meter, { what });
      await holdLeaseUntil(db, LEASE, holder, new Date(now.getTime() + DAY_MS));
      // How long its batches held the database is in the report of the sweep that ran it (the meter's).
      if (erased) logger.info('retention erased leads older than two years', { erased });
      if (clients) logger.info('retention erased client accounts closed more than seven years ago', { clients });
      if (messages) logger.info('retention erased messages older than two years', { messages });
      return { leads: erased, clients, messages };
    },
  };
}
