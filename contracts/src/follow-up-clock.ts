/**
 * The follow-up promise every lead gets (decision 0097): due 24 hours after it arrives, with weekends and New
 * Zealand public holidays not counted. So one that arrives on a working day is due at the same time on the next
 * working day; one that arrives on a weekend or holiday is due by 17:00 on the next working day. Pure: the holidays
 * are the caller's (the gateway's calendar), the wall clock is Pacific/Auckland's through Intl, so daylight saving
 * needs no offsets here.
 */

export const FOLLOW_UP_ZONE = 'Pacific/Auckland';
/** The hour a lead that came in on a non-working day is due by, on the next working day. */
export const FOLLOW_UP_CLOSING_HOUR = 17;
/** The reminder goes out this long before a lead is due. */
export const FOLLOW_UP_REMIND_MS = 2 * 3_600_000;

/**
 * The promise in the words visitors, staff notices and e-mails all use: "We'll contact you {FOLLOW_UP_PROMISE}."
 * (the 5 pm rule for a lead sent on a non-working day is the next working day's end, which "not counting" covers).
 */
export const FOLLOW_UP_PROMISE = 'within 24 hours, not counting weekends and NZ public holidays';
/** The staff-facing rule, for notices and help text. */
export const FOLLOW_UP_RULE =
  'Due 24 hours after it arrives, weekends and NZ public holidays not counted (by 5 pm on the next working day if it arrived on one).';

const wallFormat = new Intl.DateTimeFormat('en-NZ', {
  timeZone: FOLLOW_UP_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** A wall-clock time in New Zealand (month 1-12). */
export interface NzWall {
  y: number;
  m: number;
  d: number;
  h: number;
  min: number;
  s: number;
  ms: number;
}

/** The New Zealand wall clock at an instant. */
export function nzWallClock(at: number): NzWall {
  const p: Record<string, number> = {};
  for (const part of wallFormat.formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return {
    y: p.year!,
    m: p.month!,
    d: p.day!,
    h: p.hour!,
    min: p.minute!,
    s: p.second!,
    ms: ((at % 1000) + 1000) % 1000,
  };
}

/**
 * The instant the Auckland wall clock reads the given time. The zone's offset is read at a guess and applied again
 * (two rounds settle across a change); a time in the hour skipped when daylight saving starts comes out an hour on.
 */
export function nzInstant(w: NzWall): number {
  const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s, w.ms);
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const g = nzWallClock(guess);
    guess = asUtc - (Date.UTC(g.y, g.m - 1, g.d, g.h, g.min, g.s, g.ms) - guess);
  }
  return guess;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** The New Zealand calendar day of an instant, `YYYY-MM-DD` (a file named after the day it was made). */
export function nzIsoDay(at: number): string {
  const w = nzWallClock(at);
  return isoDay(w.y, w.m, w.d);
}

/** Whether a NZ calendar day is a working day: Monday to Friday and not in `holidays` (`YYYY-MM-DD`). */
export function isNzWorkingDay(y: number, m: number, d: number, holidays: ReadonlySet<string>): boolean {
  const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return dow !== 0 && dow !== 6 && !holidays.has(isoDay(y, m, d));
}

/** The next working day after a NZ calendar day (at most a year on: a calendar of all holidays must not hang). */
export function nextNzWorkingDay(y: number, m: number, d: number, holidays: ReadonlySet<string>) {
  for (let i = 1; i <= 366; i++) {
    const t = new Date(Date.UTC(y, m - 1, d + i));
    const next = { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
    if (isNzWorkingDay(next.y, next.m, next.d, holidays)) return next;
  }
  throw new RangeError('no working day within a year: check the holiday calendar');
}

/** When a lead that arrived at `arrived` must be followed up by, and when its reminder is due. */
export function followUpDue(arrived: Date, holidays: ReadonlySet<string>): { followUpBy: Date; remindAt: Date } {
  const at = arrived.getTime();
  if (!Number.isFinite(at)) throw new RangeError('arrived must be a valid date');
  const w = nzWallClock(at);
  const next = nextNzWorkingDay(w.y, w.m, w.d, holidays);
  const followUpBy = isNzWorkingDay(w.y, w.m, w.d, holidays)
    ? nzInstant({ ...w, ...next })
    : nzInstant({ ...next, h: FOLLOW_UP_CLOSING_HOUR, min: 0, s: 0, ms: 0 });
  return { followUpBy: new Date(followUpBy), remindAt: new Date(followUpBy - FOLLOW_UP_REMIND_MS) };
}
