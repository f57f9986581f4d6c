import { eq } from 'drizzle-orm';
import { googleConnections, type Db } from '../../platform/db';
import { addDays, monthsBefore, nzDay } from './days';
import { BACKFILL_MONTHS } from './nightly';

/**
 * Starts (or starts again) a client's backfill of BACKFILL_MONTHS months up to the nightly window, for the connect
 * flow to call once sources are chosen or changed: the next turn of the nightly fetch takes it, a chunk per turn.
 * A connection with sources and no fetched day yet is backfilled even without this.
 */
export async function startBackfill(db: Db, clientId: number, now = new Date()): Promise<void> {
  await db
    .update(googleConnections)
    .set({ backfillFrom: monthsBefore(addDays(nzDay(now), -1), BACKFILL_MONTHS), retryAt: null })
    .where(eq(googleConnections.clientId, clientId));
}
