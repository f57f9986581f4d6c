import { describe, expect, it } from 'vitest';
import { followUpDue, isNzWorkingDay } from './follow-up-clock';

// The NZ public holidays these cases cross, as the gateway's calendar (date-holidays, Waikato) has them.
const holidays = new Set([
  '2026-01-26', // Auckland Anniversary Day, which the Waikato observes
  '2026-07-10', // Matariki
  '2026-12-25',
  '2026-12-28', // Boxing Day, observed on the Monday
  '2027-03-26', // Good Friday
  '2027-03-29', // Easter Monday
]);

// [what, arrived (NZ wall clock with its offset), due (likewise)]
const cases: [string, string, string][] = [
  ['a weekday: 24 hours later', '2026-12-01T10:00:00+13:00', '2026-12-02T10:00:00+13:00'],
  ['just after midnight on a Monday', '2026-11-30T00:30:00+13:00', '2026-12-01T00:30:00+13:00'],
  ['a Friday: the weekend not counted', '2026-11-27T15:30:00+13:00', '2026-11-30T15:30:00+13:00'],
  ['a Friday evening', '2026-11-27T22:45:00+13:00', '2026-11-30T22:45:00+13:00'],
  ['a Saturday: 5 pm on Monday', '2026-11-28T10:00:00+13:00', '2026-11-30T17:00:00+13:00'],
  ['a Sunday just before midnight', '2026-11-29T23:59:00+13:00', '2026-11-30T17:00:00+13:00'],
  [
    'Christmas Eve: Christmas, the weekend and the observed Boxing Day skipped',
    '2026-12-24T09:00:00+13:00',
    '2026-12-29T09:00:00+13:00',
  ],
  ['on Christmas Day: 5 pm on the next working day', '2026-12-25T11:00:00+13:00', '2026-12-29T17:00:00+13:00'],
  ['before Matariki', '2026-07-09T14:00:00+12:00', '2026-07-13T14:00:00+12:00'],
  ['before Auckland Anniversary Day', '2026-01-23T08:00:00+13:00', '2026-01-27T08:00:00+13:00'],
  ['across daylight saving starting: the same wall time', '2026-09-25T10:00:00+12:00', '2026-09-28T10:00:00+13:00'],
  ['across daylight saving ending and Easter', '2027-03-25T16:00:00+13:00', '2027-03-30T16:00:00+13:00'],
  ['Friday before Easter ends daylight saving', '2027-04-02T10:00:00+13:00', '2027-04-05T10:00:00+12:00'],
  ['on Good Friday', '2027-03-26T12:00:00+13:00', '2027-03-30T17:00:00+13:00'],
];

describe('followUpDue', () => {
  it.each(cases)('%s', (_what, arrived, due) => {
    const clock = followUpDue(new Date(arrived), holidays);
    expect(clock.followUpBy.toISOString()).toBe(new Date(due).toISOString());
    expect(clock.followUpBy.getTime() - clock.remindAt.getTime()).toBe(2 * 3_600_000);
  });

  it('refuses an invalid date and a calendar without working days', () => {
    expect(() => followUpDue(new Date('nope'), holidays)).toThrow(RangeError);
    const every = new Set<string>();
    for (let i = 0; i < 400; i++) every.add(new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
    expect(() => followUpDue(new Date('2026-01-05T10:00:00+13:00'), every)).toThrow(RangeError);
  });

  it('knows weekends and holidays are not working days', () => {
    expect(isNzWorkingDay(2026, 11, 28, holidays)).toBe(false);
    expect(isNzWorkingDay(2026, 12, 28, holidays)).toBe(false);
    expect(isNzWorkingDay(2026, 12, 29, holidays)).toBe(true);
  });
});
