import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { followUpDue, LEAD_TYPES } from '@agency/contracts';
import type { Db } from '../../platform/db';
import { betweenBatches, HoldMeter } from '../../platform/db/batches';
import { LEAD_TABLES } from './lead-tables';

/** Leads given their follow-up time per batch (one transaction each). */
export const BACKFILL_BATCH = 200;

/**
 * Gives leads stored before the follow-up clock (migration 0011) their follow-up time, counted from when they came
 * in with the same business hours as new leads (decision 0069): SQL cannot, as the hours skip NZ holidays. A lead
 * whose status had already moved on from its first one was followed up before the clock: it is marked followed up at
 * its last change (`updatedAt`; its first contact was no later), so it is never overdue. A reminder whose time had
 * passed is marked sent, so the first run after an upgrade sends no flood of stale reminders.
 *
 * Idempotent (only rows without a follow-up time, and each update checks it again) and in short batches, each its
 * own transaction; the caller holds the retention lease, so one gateway does it. Answers how many leads it filled.
 */
export async function backfillFollowUp(
  db: Db,
  holidays: ReadonlySet<string>,
  now = new Date(),
  meter = new HoldMeter(),
): Promise<number> {
  let filled = 0;
  for (const type of LEAD_TYPES) {
    const def = LEAD_TABLES[type];
    // The three tables with a status have `updatedAt`; opt-ins have neither.
    const updated = (def.table as unknown as { updatedAt?: typeof def.created }).updatedAt ?? def.created;
    // Keyset by id: each batch starts after the last one's rows, so it never walks again the rows already filled in
    // (a batch that looked for "the first 200 without a time" re-read every filled row: quadratic over a big table).
    let after = 0;
    for (;;) {
      const rows = await db
        .select({
          id: sql<number>`${def.id}`,
          created: sql<number>`${def.created}`,
          updated: sql<number>`${updated}`,
          status: def.status ? sql<string>`${def.status}` : sql<null>`null`,
          followedUpAt: sql<number | null>`${def.followedUpAt}`,
        })
        .from(def.table)
        .where(and(gt(def.id, after), isNull(def.followUpBy)))
        .orderBy(asc(def.id))
        .limit(BACKFILL_BATCH);
      if (!rows.length) break;
      await meter.time(`follow-up backfill: ${type}`, () =>
        db.batch(
          rows.map((r) => {
            const { followUpBy, remindAt } = followUpDue(new Date(r.created), holidays);
            const movedOn = def.firstStatus !== null && r.status !== def.firstStatus;
            const followedUpAt =
              r.followedUpAt !== null
                ? new Date(r.followedUpAt)
                : movedOn
                  ? new Date(Math.max(r.updated, r.created))
                  : null;
            return db
              .update(def.table)
              .set({
                followUpBy,
                remindAt,
                followedUpAt,
                remindedAt:
                  remindAt <= now ? sql`coalesce(${def.remindedAt}, ${now.getTime()})` : sql`${def.remindedAt}`,
              } as never)
              .where(and(eq(def.id, r.id), isNull(def.followUpBy)));
          }) as unknown as Parameters<typeof db.batch>[0],
        ),
      );
      filled += rows.length;
      after = rows.at(-1)!.id;
      if (rows.length < BACKFILL_BATCH) break;
      await betweenBatches();
    }
  }
  return filled;
}
