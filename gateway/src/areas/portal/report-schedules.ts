import { and, eq, isNull } from 'drizzle-orm';
import { nzScheduleInstant, nzYearMonth, ReportScheduleInputSchema, type ReportScheduleInput } from '@agency/contracts';
import { reportSchedules, users, type Db } from '../../platform/db';
import { sendableReportOf, sendReportEmails, type ReportMailDeps } from './report-emails';

/** How often the schedule is looked at: a report goes out within this of its time. */
export const REPORT_SCHEDULE_EVERY_MS = 5 * 60_000;

type ScheduleRow = typeof reportSchedules.$inferSelect;

/**
 * A stored schedule read through its schema (decision 0111): a row that does not read (an address list edited by
 * hand) is null, so one odd row neither breaks a list nor sends anywhere it should not.
 */
export function readSchedule(row: ScheduleRow): ReportScheduleInput | null {
  const read = ReportScheduleInputSchema.safeParse({
    enabled: row.enabled,
    dayOfMonth: row.dayOfMonth,
    time: row.time,
    sendToClient: row.sendToClient,
    extraRecipients: row.extraRecipients,
  });
  return read.success ? read.data : null;
}

/** Who a schedule sends to: the client's own address when chosen, then the extra ones. */
export const recipientsOf = (schedule: ReportScheduleInput, clientEmail: string) => [
  ...new Set([...(schedule.sendToClient ? [clientEmail] : []), ...schedule.extraRecipients]),
];

/** This month's moment of a schedule, on New Zealand's clock of that month (so daylight saving is right). */
export function momentIn(year: number, month: number, schedule: Pick<ReportScheduleInput, 'dayOfMonth' | 'time'>) {
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  return nzScheduleInstant(year, month, schedule.dayOfMonth, hour, minute);
}

/** The first day of the calendar month before `year`-`month`, as a report's `reportDate`. */
export const previousMonth = (year: number, month: number) =>
  month === 1 ? `${year - 1}-12-01` : `${year}-${String(month - 1).padStart(2, '0')}-01`;

/**
 * One run of the schedule (a leased job, every few minutes): each enabled schedule whose moment this month has passed
 * sends last month's report to whoever has not had it yet. A report staff have not made yet is looked for again on
 * each later run this month; the month after, the schedule is on to the next report.
 */
export function reportSchedulesJob(deps: ReportMailDeps) {
  const { db, logger } = deps;
  return async (now: Date = new Date()) => {
    const { year, month } = nzYearMonth(now);
    const reportDate = previousMonth(year, month);
    const rows = await enabledSchedules(db);
    let sent = 0;
    for (const { row, clientEmail } of rows) {
      const schedule = readSchedule(row);
      if (!schedule) {
        logger.warn('report schedule cannot be read: skipped', { clientId: row.clientId });
        continue;
      }
      if (now < momentIn(year, month, schedule)) continue;
      const report = await sendableReportOf(db, row.clientId, reportDate);
      if (!report) {
        logger.info('scheduled report e-mail waits: no report for the month yet', {
          clientId: row.clientId,
          reportDate,
        });
        continue;
      }
      try {
        const done = await sendReportEmails(deps, {
          reportId: report.id,
          recipients: recipientsOf(schedule, clientEmail),
          kind: 'scheduled',
          createdBy: null,
          now,
        });
        sent += done?.length ?? 0;
      } catch (error) {
        // One client's failure (its PDF) waits for the next run; the others still go.
        logger.error('scheduled report e-mail failed', { clientId: row.clientId, error: String(error) });
      }
    }
    return sent;
  };
}

const enabledSchedules = async (db: Db) =>
  (
    await db
      .select({ row: reportSchedules, clientEmail: users.email })
      .from(reportSchedules)
      .innerJoin(users, eq(users.id, reportSchedules.clientId))
      // A client account a master admin disabled gets no more e-mail until it is enabled again.
      .where(and(eq(reportSchedules.enabled, true), isNull(users.disabledAt)))
  ).map((r) => ({ row: r.row, clientEmail: r.clientEmail }));
