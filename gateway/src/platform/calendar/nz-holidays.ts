import Holidays from 'date-holidays';

/**
 * New Zealand public holidays as the agency (Hamilton, Waikato) keeps them, from `date-holidays` (decision 0097):
 * the national ones with their Monday rules, Matariki, and the Waikato's provincial anniversary (Auckland
 * Anniversary Day). Dates are `YYYY-MM-DD` in NZ; only weekdays are listed, as a weekend is never a working day.
 */
const waikato = new Holidays('NZ', 'WKO');

/** The observed public holidays of one year that fall on a weekday, sorted. */
export function nzHolidays(year: number): string[] {
  const days = waikato
    .getHolidays(year)
    .filter((h) => h.type === 'public')
    .map((h) => h.date.slice(0, 10))
    .filter((d) => {
      const dow = new Date(`${d}T00:00:00Z`).getUTCDay();
      return dow !== 0 && dow !== 6;
    });
  return [...new Set(days)].sort();
}

/** The years the calendar holds: enough back for old leads' clocks, enough ahead for any due date. */
export const LISTED_YEARS = { from: 2020, to: 2060 } as const;

/**
 * The holiday calendar in force: the library's years plus `add`, minus `remove` (BUSINESS_HOLIDAYS, for a one-off
 * closure or a law the library does not have yet).
 */
export function holidayCalendar({ add = [], remove = [] }: { add?: string[]; remove?: string[] } = {}): Set<string> {
  const all = new Set<string>();
  for (let y = LISTED_YEARS.from; y <= LISTED_YEARS.to; y++) for (const d of nzHolidays(y)) all.add(d);
  for (const d of add) all.add(d);
  for (const d of remove) all.delete(d);
  return all;
}
