/**
 * The agency's working days, Monday to Friday in Pacific/Auckland outside public holidays, closing at 17:00: a
 * privacy request's due day. (A lead's follow-up clock is contracts' followUpDue, decision 0097.) Pure functions over
 * instants; the wall clock comes from Intl, so daylight-saving changes need no rule here.
 */

export const TIME_ZONE = 'Pacific/Auckland';
export const OPENS_AT = 9;
export const CLOSES_AT = 17;

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
