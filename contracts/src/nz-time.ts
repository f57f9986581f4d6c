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
