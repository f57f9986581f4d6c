/**
 * The agency's business hours, Monday to Friday 09:00-17:00 in Pacific/Auckland outside public holidays, and time
 * counted in them: the follow-up clock of every lead (decision 0065). Pure functions over instants; the wall clock
 * comes from Intl, so daylight-saving changes (which NZ makes at 02:00/03:00, outside the hours) need no rule here.
 */

export const TIME_ZONE = 'Pacific/Auckland';
export const OPENS_AT = 9;
export const CLOSES_AT = 17;
const HOUR_MS = 3_600_000;

const wallFormat = new Intl.DateTimeFormat('en-NZ', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

interface Wall {
  y: number;
  m: number;
  d: number;
  h: number;
  min: number;
  s: number;
}

/** The Auckland wall clock at an instant (whole seconds). */
function wallClock(at: number): Wall {
  const parts: Record<string, number> = {};
  for (const p of wallFormat.formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { y: parts.year!, m: parts.month!, d: parts.day!, h: parts.hour!, min: parts.minute!, s: parts.second! };
}

/** The instant of an Auckland wall-clock time (an hour that exists on that day: business hours always do). */
export function aucklandInstant(y: number, m: number, d: number, h = 0, min = 0): number {
  const asUtc = Date.UTC(y, m - 1, d, h, min);
  let guess = asUtc;
  // The offset at the guess, applied again once in case the guess crossed a change (it converges in two).
  for (let i = 0; i < 2; i++) {
    const w = wallClock(guess);
    const offset = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - (guess - (guess % 1000));
    guess = asUtc - offset;
  }
  return guess;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The Auckland calendar date of an instant, `YYYY-MM-DD`. */
export function aucklandDate(at: Date | number): string {
  const w = wallClock(typeof at === 'number' ? at : at.getTime());
  return `${w.y}-${pad(w.m)}-${pad(w.d)}`;
}

/** Whether an Auckland calendar day is a working day: a weekday that is not a holiday. */
export function isWorkingDay(y: number, m: number, d: number, holidays: ReadonlySet<string>): boolean {
  const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return dow !== 0 && dow !== 6 && !holidays.has(`${y}-${pad(m)}-${pad(d)}`);
}

const nextDay = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d + 1));
  return [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()] as const;
};

/**
 * The instant `hours` business hours after `start`. A start outside the hours counts from the next opening; an end
 * that falls exactly at closing is that closing (not the next opening), so 8 hours from 09:00 is 17:00 the same day.
 */
export function addBusinessHours(start: Date, hours: number, holidays: ReadonlySet<string>): Date {
  if (!Number.isFinite(hours) || hours < 0) throw new RangeError('hours must be a finite number, 0 or more');
  let remaining = hours * HOUR_MS;
  let at = start.getTime();
  let { y, m, d } = wallClock(at);
  // At most one year of days: a calendar with every day a holiday must not loop for ever.
  for (let i = 0; i < 366 + Math.ceil(hours / 8) * 3; i++) {
    if (isWorkingDay(y, m, d, holidays)) {
      const open = aucklandInstant(y, m, d, OPENS_AT);
      const close = aucklandInstant(y, m, d, CLOSES_AT);
      if (at < open) at = open;
      if (at < close) {
        if (remaining <= close - at) return new Date(at + remaining);
        remaining -= close - at;
      }
    }
    [y, m, d] = nextDay(y, m, d);
    at = aucklandInstant(y, m, d);
  }
  throw new RangeError('no business hours found within a year: check BUSINESS_HOLIDAYS');
}

/** Business milliseconds from `from` to `to` (0 when `to` is not later). */
export function businessMsBetween(from: Date, to: Date, holidays: ReadonlySet<string>): number {
  let total = 0;
  let at = from.getTime();
  const end = to.getTime();
  let { y, m, d } = wallClock(at);
  while (at < end) {
    if (isWorkingDay(y, m, d, holidays)) {
      const open = Math.max(at, aucklandInstant(y, m, d, OPENS_AT));
      const close = Math.min(end, aucklandInstant(y, m, d, CLOSES_AT));
      if (close > open) total += close - open;
    }
    [y, m, d] = nextDay(y, m, d);
    at = aucklandInstant(y, m, d);
  }
  return total;
}

/** The Auckland day `days` working days after the day of `start` (a privacy request's due day), at closing. */
export function addWorkingDays(start: Date, days: number, holidays: ReadonlySet<string>): Date {
  let { y, m, d } = wallClock(start.getTime());
  let left = days;
  while (left > 0) {
    [y, m, d] = nextDay(y, m, d);
    if (isWorkingDay(y, m, d, holidays)) left--;
  }
  return new Date(aucklandInstant(y, m, d, CLOSES_AT));
}

/** The follow-up promise: 24 business hours; the reminder goes out 2 business hours before. */
export const FOLLOW_UP_HOURS = 24;
export const REMIND_BEFORE_HOURS = 2;

/** When a lead that came in at `at` must be followed up by, and when its reminder is due. */
export function followUpClock(at: Date, holidays: ReadonlySet<string>) {
  return {
    followUpBy: addBusinessHours(at, FOLLOW_UP_HOURS, holidays),
    remindAt: addBusinessHours(at, FOLLOW_UP_HOURS - REMIND_BEFORE_HOURS, holidays),
  };
}
