/**
 * Days as the nightly fetch counts them (decision 0093): `YYYY-MM-DD` text, "today" on New Zealand's calendar
 * whatever the server's zone, and plain calendar arithmetic on the text (no zone is involved once a day is named).
 */

const nzCalendar = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Pacific/Auckland',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day `at` falls on in New Zealand. */
export const nzDay = (at: Date): string => nzCalendar.format(at);

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, n: number): string => fromMs(toMs(day) + n * DAY_MS);

/** Days from `from` to `to`, both counted; 0 when `to` is before `from`. */
export const daysBetween = (from: string, to: string): number =>
  Math.max(0, Math.round((toMs(to) - toMs(from)) / DAY_MS) + 1);

/** The same day of the month `n` months earlier (clamped to the month's last day). */
export function monthsBefore(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return fromMs(first.getTime());
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** `20261128` (GA4's date dimension) -> `2026-11-28`; null for anything else. */
export const fromCompact = (value: string): string | null =>
  /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}` : null;
