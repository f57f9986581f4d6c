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
