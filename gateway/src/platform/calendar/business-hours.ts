import { nextNzWorkingDay, nzInstant, nzWallClock } from '@agency/contracts';

/**
 * The agency's working days, Monday to Friday in Pacific/Auckland outside public holidays, closing at 17:00: a
 * privacy request's due day. The calendar itself (wall clock, working days) is contracts' follow-up clock, the one a
 * lead's promise uses (decision 0097).
 */

const CLOSES_AT = 17;

/** The Auckland day `days` working days after the day of `start` (a privacy request's due day), at closing. */
export function addWorkingDays(start: Date, days: number, holidays: ReadonlySet<string>): Date {
  let day: { y: number; m: number; d: number } = nzWallClock(start.getTime());
  for (let left = days; left > 0; left--) day = nextNzWorkingDay(day.y, day.m, day.d, holidays);
  return new Date(nzInstant({ ...day, h: CLOSES_AT, min: 0, s: 0, ms: 0 }));
}
