import { nzWallClock } from './follow-up-clock';

/**
 * Dates as the agency reads them: New Zealand time, whatever the reader's or the server's zone, e.g.
 * "Wed, 4 Mar 2026, 5:00 pm". One formatter, built once (Intl formatters are costly to make).
 */
const nzDateTime = new Intl.DateTimeFormat('en-NZ', {
  timeZone: 'Pacific/Auckland',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A date (or epoch ms, or ISO text) in NZ time; '' for none or an unreadable value. */
export function formatNzDateTime(value: Date | number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : nzDateTime.format(date);
}

/** Formats each part of a time in New Zealand, with the zone's abbreviation. */
const nzParts = new Intl.DateTimeFormat('en-NZ', {
  timeZone: 'Pacific/Auckland',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** '2026-11-26 14:05 NZDT', built with Intl (slow: see formatNzSortable). */
function sortableOf(ms: number): string {
  const p: Record<string, string> = {};
  for (const { type, value } of nzParts.formatToParts(ms)) p[type] = value;
  // Where Intl has no name for the zone it says 'GMT+13': NZ's own when it is one of the two.
  const zone = p.timeZoneName === 'GMT+13' ? 'NZDT' : p.timeZoneName === 'GMT+12' ? 'NZST' : p.timeZoneName;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute} ${zone}`;
}

const HOUR_MS = 3_600_000;
/**
 * Per UTC hour, the text before and after the minutes ('2026-11-26 14:', ' NZDT'), or null for an hour whose
 * minutes are not UTC's (an offset with a half hour, as NZ had before 1946). New Zealand changes its clocks on a
 * UTC hour, so every minute of such an hour reads the same but for the minutes.
 */
const hourParts = new Map<number, readonly [before: string, after: string] | null>();
const HOURS_KEPT = 4096;

function partsOfHour(hour: number): readonly [string, string] | null {
  const text = sortableOf(hour * HOUR_MS);
  const at = text.indexOf(':') + 1;
  return text.slice(at, at + 2) === '00' ? [text.slice(0, at), text.slice(at + 2)] : null;
}

/**
 * A time as New Zealand's wall clock reads it, sortable as text and unambiguous in the hour that repeats when
 * daylight saving ends: '2026-11-26 14:05 NZDT' (decision 0068). Made for exports of many rows: an hour's date and
 * zone are worked out once with Intl, and each time then costs a lookup and its minutes. '' for none or an
 * unreadable value.
 */
export function formatNzSortable(value: Date | number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  // Beyond ±8.64e15 ms a Date is invalid.
  if (!(Math.abs(ms) <= 8.64e15)) return '';
  const hour = Math.floor(ms / HOUR_MS);
  let parts = hourParts.get(hour);
  if (parts === undefined) {
    if (hourParts.size >= HOURS_KEPT) hourParts.clear();
    parts = partsOfHour(hour);
    hourParts.set(hour, parts);
  }
  if (parts === null) return sortableOf(ms);
  const minute = Math.floor((ms - hour * HOUR_MS) / 60_000);
  return `${parts[0]}${minute < 10 ? '0' : ''}${minute}${parts[1]}`;
}

/** What New Zealand's wall clock reads at `ms` (to the minute), as the UTC milliseconds of the same digits. */
function wallMs(ms: number): number {
  const w = nzWallClock(ms);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min);
}

/**
 * The instant New Zealand's clock reads `month` (1-12) `day`, `hour`:`minute` of `year`, worked out for that day so
 * daylight saving is right. A time the clock skips (02:00-02:59 on the last Sunday of September) is the first instant
 * after it (03:00 NZDT); a time it reads twice (02:00-02:59 on the first Sunday of April) is the first of the two.
 */
export function nzScheduleInstant(year: number, month: number, day: number, hour: number, minute: number): Date {
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  // The offset is +12 or +13 hours: try the larger first, so a time read twice gives its first (daylight) reading.
  for (const offsetHours of [13, 12]) {
    const at = wanted - offsetHours * 3_600_000;
    if (wallMs(at) === wanted) return new Date(at);
  }
  // Skipped by the clock: the instant it jumps, the skipped hour's start in standard time (+12), which reads 03:00.
  return new Date(Date.UTC(year, month - 1, day, hour, 0) - 12 * 3_600_000);
}

/** The year and month (1-12) New Zealand's calendar is in at `at`. */
export function nzYearMonth(at: Date): { year: number; month: number } {
  const wall = new Date(wallMs(at.getTime()));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1 };
}
