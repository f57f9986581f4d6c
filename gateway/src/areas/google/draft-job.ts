import { and, between, eq, exists, notExists } from 'drizzle-orm';
import { isNzWorkingDay, nextNzWorkingDay, nzWallClock } from '@agency/contracts';
import { googleConnections, googleDailyFigures, monthlyReports, type Db } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import { draftMonth } from './draft-month';
import { monthBefore } from './month-report';

/** How often the job looks whether it is the morning it builds (leased: once per interval across the gateways). */
export const REPORT_DRAFTS_EVERY_MS = 15 * 60_000;
/** Google's figures for the last day of the month are in by then (NZ time). */
const FROM_HOUR = 6;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The month the job drafts at `now`: the month before, on the first working day of a month in New Zealand (weekends
 * and `holidays` skipped) from 06:00; null at any other time. Only that day: a month missed (the gateways down all
 * day) is built by staff with the button.
 */
export function draftDue(now: Date, holidays: ReadonlySet<string>): string | null {
  const w = nzWallClock(now.getTime());
  const first = isNzWorkingDay(w.y, w.m, 1, holidays) ? { m: w.m, d: 1 } : nextNzWorkingDay(w.y, w.m, 1, holidays);
  if (first.m !== w.m || first.d !== w.d || w.h < FROM_HOUR) return null;
  return monthBefore(`${w.y}-${pad(w.m)}`);
}

/**
 * The nightly draft job (decision 0094): on the first working day of a month, a draft of the month before for each
 * connected client with figures for it and no report yet. Re-runs and a second gateway find the report there.
 */
export function reportDrafts({ db, holidays, logger }: { db: Db; holidays: ReadonlySet<string>; logger: Logger }) {
  return async (now: Date): Promise<number> => {
    const month = draftDue(now, holidays);
    if (!month) return 0;
    const reportDate = `${month}-01`;
    const due = await db
      .select({ clientId: googleConnections.clientId })
      .from(googleConnections)
      .where(
        and(
          exists(
            db
              .select({ one: googleDailyFigures.clientId })
              .from(googleDailyFigures)
              .where(
                and(
                  eq(googleDailyFigures.clientId, googleConnections.clientId),
                  between(googleDailyFigures.day, reportDate, `${month}-31`),
                ),
              ),
          ),
          notExists(
            db
              .select({ one: monthlyReports.id })
              .from(monthlyReports)
              .where(
                and(eq(monthlyReports.clientId, googleConnections.clientId), eq(monthlyReports.reportDate, reportDate)),
              ),
          ),
        ),
      );
    let built = 0;
    for (const { clientId } of due) {
      const result = await draftMonth(db, clientId, month, now);
      if (result.outcome === 'created') built++;
    }
    if (built) logger.info('report drafts built from Google figures', { month, built });
    return built;
  };
}
