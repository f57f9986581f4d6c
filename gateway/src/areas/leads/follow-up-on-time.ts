import { sql } from 'drizzle-orm';
import { LEAD_TYPES } from '@agency/contracts';
import { LEAD_TABLES, DUE_SOON_MS } from './lead-tables';
import type { Db } from '../../platform/db';

export interface OnTimeShare {
  due: number;
  onTime: number;
  share: number | null;
}

/**
 * The share of leads followed up in time (decision 0065): of the leads that came in over the last `days` days and
 * whose outcome is known (followed up, or past their follow-up time), those followed up by their follow-up time.
 * Leads from before the clock existed (no follow-up time) do not count.
 */
export async function onTimeShare(db: Db, days: number, now = new Date()): Promise<OnTimeShare> {
  const since = now.getTime() - days * 24 * 3_600_000;
  let due = 0;
  let onTime = 0;
  for (const type of LEAD_TYPES) {
    const d = LEAD_TABLES[type];
    const [row] = await db.all<{ due: number; onTime: number }>(sql`
      select count(*) as due,
        coalesce(sum(${d.followedUpAt} is not null and ${d.followedUpAt} <= ${d.followUpBy}), 0) as onTime
      from ${d.table}
      where ${d.created} >= ${since} and ${d.followUpBy} is not null
        and (${d.followedUpAt} is not null or ${d.followUpBy} <= ${now.getTime()})`);
    due += row?.due ?? 0;
    onTime += row?.onTime ?? 0;
  }
  return { due, onTime, share: due ? onTime / due : null };
}

/** Open leads past their follow-up time, and those due within the next few hours. */
export async function openCounts(db: Db, now = new Date()) {
  let overdue = 0;
  let dueSoon = 0;
  for (const type of LEAD_TYPES) {
    const d = LEAD_TABLES[type];
    const [row] = await db.all<{ overdue: number; soon: number }>(sql`
      select coalesce(sum(${d.followUpBy} <= ${now.getTime()}), 0) as overdue,
        coalesce(sum(${d.followUpBy} > ${now.getTime()} and ${d.followUpBy} <= ${now.getTime() + DUE_SOON_MS}), 0) as soon
      from ${d.table} where ${d.followedUpAt} is null and ${d.followUpBy} is not null`);
    overdue += row?.overdue ?? 0;
    dueSoon += row?.soon ?? 0;
  }
  return { overdue, dueSoon };
}
