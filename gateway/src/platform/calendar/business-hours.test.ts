import { describe, expect, it } from 'vitest';
import { followUpDue } from '@agency/contracts';
import { addWorkingDays } from './business-hours';
import { holidayCalendar, nzHolidays } from './nz-holidays';

const holidays = holidayCalendar();

describe('the follow-up clock on the gateway calendar', () => {
  // [what, lead came in (NZ), follow up by (NZ)]: the cases need the library's holidays, not a test's own list.
  const cases: [string, string, string][] = [
    ['a Saturday enquiry: 5 pm Monday, not Wednesday', '2026-11-28T10:00:00+13:00', '2026-11-30T17:00:00+13:00'],
    ['Waitangi Day on a Friday', '2026-02-05T09:00:00+13:00', '2026-02-09T09:00:00+13:00'],
    ['Matariki 2026 (Friday 10 July)', '2026-07-09T13:00:00+12:00', '2026-07-13T13:00:00+12:00'],
    ['Auckland Anniversary, kept in the Waikato', '2026-01-23T16:59:00+13:00', '2026-01-27T16:59:00+13:00'],
    ['Matariki 2036, past the Act schedule of 2022', '2036-07-17T10:00:00+12:00', '2036-07-21T10:00:00+12:00'],
    ['Christmas on a Friday, Boxing Day observed Monday', '2026-12-24T09:00:00+13:00', '2026-12-29T09:00:00+13:00'],
    ['New Year 2027: 2 January observed Monday 4th', '2026-12-31T09:00:00+13:00', '2027-01-05T09:00:00+13:00'],
  ];
  it.each(cases)('%s', (_what, at, due) => {
    expect(followUpDue(new Date(at), holidays).followUpBy.toISOString()).toBe(new Date(due).toISOString());
  });

  it('takes a configured calendar: a removed holiday is a working day, an added one is not', () => {
    const noWaitangi = holidayCalendar({ remove: ['2026-02-06'] });
    expect(followUpDue(new Date('2026-02-05T09:00:00+13:00'), noWaitangi).followUpBy.toISOString()).toBe(
      new Date('2026-02-06T09:00:00+13:00').toISOString(),
    );
    const closedMonday = holidayCalendar({ add: ['2026-03-02'] });
    expect(followUpDue(new Date('2026-02-27T16:59:00+13:00'), closedMonday).followUpBy.toISOString()).toBe(
      new Date('2026-03-03T16:59:00+13:00').toISOString(),
    );
  });
});

describe('nzHolidays', () => {
  it.each([
    [
      2026,
      ['01-01', '01-02', '01-26', '02-06', '04-03', '04-06', '04-27', '06-01', '07-10', '10-26', '12-25', '12-28'],
    ],
    [
      2027,
      ['01-01', '01-04', '02-01', '02-08', '03-26', '03-29', '04-26', '06-07', '06-25', '10-25', '12-27', '12-28'],
    ],
    [
      2028,
      ['01-03', '01-04', '01-31', '02-07', '04-14', '04-17', '04-25', '06-05', '07-14', '10-23', '12-25', '12-26'],
    ],
  ])('%i from date-holidays: Mondayised, with Matariki and Auckland Anniversary', (year, days) => {
    expect(nzHolidays(year)).toEqual(days.map((d) => `${year}-${d}`));
  });
});

describe('addWorkingDays: a privacy request is due 20 working days later', () => {
  it('skips weekends and holidays and ends at closing', () => {
    // Thursday 2 April 2026: Good Friday, Easter Monday and Anzac (Monday 27th) fall inside.
    expect(addWorkingDays(new Date('2026-04-01T21:00:00Z'), 20, holidays).toISOString()).toBe(
      '2026-05-05T05:00:00.000Z',
    );
  });
});
