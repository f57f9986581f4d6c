/**
 * New Zealand public holidays as the agency (Hamilton, Waikato) keeps them: the national ones with their Monday
 * rules (Holidays Act 2003, ss 45-45A), Matariki from the schedule of Te Kāhui o Matariki Public Holiday Act 2022,
 * and Auckland Anniversary Day, the provincial anniversary the Waikato observes. Dates are `YYYY-MM-DD` in NZ.
 */

/** Matariki is set by the Act's schedule, not by a rule; years past it need BUSINESS_HOLIDAYS until it is extended. */
export const MATARIKI: Readonly<Record<number, string>> = {
  2022: '2022-06-24',
  2023: '2023-07-14',
  2024: '2024-06-28',
  2025: '2025-06-20',
  2026: '2026-07-10',
  2027: '2027-06-25',
  2028: '2028-07-14',
  2029: '2029-07-06',
  2030: '2030-06-21',
  2031: '2031-07-11',
  2032: '2032-07-02',
  2033: '2033-06-24',
  2034: '2034-07-07',
  2035: '2035-06-29',
};

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const plus = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

/** The `n`th (1-based) Monday of a month. */
function nthMonday(y: number, m: number, n: number): Date {
  const first = day(y, m, 1);
  return plus(first, ((8 - first.getUTCDay()) % 7) + (n - 1) * 7);
}

/** Easter Sunday (Anonymous Gregorian algorithm). */
export function easterSunday(y: number): Date {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return day(y, month, ((h + l - 7 * m + 114) % 31) + 1);
}

/**
 * A pair of consecutive holidays (1-2 January, 25-26 December): when either falls on a weekend it is observed on
 * the next weekday that is not already the other holiday.
 */
function mondayisedPair(first: Date): Date[] {
  const second = plus(first, 1);
  const dow = first.getUTCDay();
  if (dow === 5) return [first, plus(first, 3)]; // Fri + Sat -> Fri, Mon
  if (dow === 6) return [plus(first, 2), plus(first, 3)]; // Sat + Sun -> Mon, Tue
  if (dow === 0) return [plus(first, 2), second]; // Sun + Mon -> Tue, Mon
  return [first, second];
}

/** A single holiday observed on the Monday after when it falls on a weekend (Waitangi Day, Anzac Day). */
function mondayised(date: Date): Date {
  const dow = date.getUTCDay();
  return dow === 6 ? plus(date, 2) : dow === 0 ? plus(date, 1) : date;
}

/** Auckland Anniversary Day: the Monday nearest 29 January. */
function aucklandAnniversary(y: number): Date {
  const anchor = day(y, 1, 29);
  const back = (anchor.getUTCDay() + 6) % 7; // days since the Monday before (or of) the 29th
  return back <= 3 ? plus(anchor, -back) : plus(anchor, 7 - back);
}

/** The observed public holidays of one year, sorted; Matariki only where the schedule has the year. */
export function nzHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const dates = [
    ...mondayisedPair(day(year, 1, 1)),
    aucklandAnniversary(year),
    mondayised(day(year, 2, 6)),
    plus(easter, -2),
    plus(easter, 1),
    mondayised(day(year, 4, 25)),
    nthMonday(year, 6, 1),
    nthMonday(year, 10, 4),
    ...mondayisedPair(day(year, 12, 25)),
  ].map(iso);
  const matariki = MATARIKI[year];
  if (matariki) dates.push(matariki);
  return [...new Set(dates)].sort();
}

/** The years the built-in list covers: from the Matariki schedule's first year to its last. */
export const LISTED_YEARS = { from: 2022, to: 2035 } as const;

/**
 * The holiday calendar in force: the built-in years plus `add`, minus `remove` (BUSINESS_HOLIDAYS, for a year past
 * the list, a one-off closure or a changed law).
 */
export function holidayCalendar({ add = [], remove = [] }: { add?: string[]; remove?: string[] } = {}): Set<string> {
  const all = new Set<string>();
  for (let y = LISTED_YEARS.from; y <= LISTED_YEARS.to; y++) for (const d of nzHolidays(y)) all.add(d);
  for (const d of add) all.add(d);
  for (const d of remove) all.delete(d);
  return all;
}
