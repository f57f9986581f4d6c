import { describe, expect, it } from 'vitest';
import { addBusinessHours, addWorkingDays, businessMsBetween, followUpClock } from './business-hours';
import { holidayCalendar, nzHolidays } from './nz-holidays';

const holidays = holidayCalendar();

describe('addBusinessHours: 24 business hours in Pacific/Auckland', () => {
  // [what, lead came in (UTC), follow up by (UTC)]
  const cases: [string, string, string][] = [
    ['Monday 09:00 NZDT: Wednesday 17:00', '2026-03-01T20:00:00Z', '2026-03-04T04:00:00Z'],
    ['Friday 16:59: the minute counts, then Mon-Tue, Wednesday 16:59', '2026-03-06T03:59:00Z', '2026-03-11T03:59:00Z'],
    ['Saturday: counted from Monday 09:00', '2026-03-06T21:00:00Z', '2026-03-11T04:00:00Z'],
    ['Tuesday 08:00, before opening: from 09:00', '2026-03-02T19:00:00Z', '2026-03-05T04:00:00Z'],
    ['Tuesday 17:30, after closing: from Wednesday 09:00', '2026-03-03T04:30:00Z', '2026-03-06T04:00:00Z'],
    ['exactly 17:00: from the next opening', '2026-03-03T04:00:00Z', '2026-03-06T04:00:00Z'],
    [
      'Easter with daylight saving ending between: Thursday 10:00 NZDT to Thursday 10:00 NZST',
      '2026-04-01T21:00:00Z',
      '2026-04-08T22:00:00Z',
    ],
    ['Waitangi Day on a Friday', '2026-02-04T20:00:00Z', '2026-02-10T04:00:00Z'],
    ['Matariki 2026 (Friday 10 July)', '2026-07-09T01:00:00Z', '2026-07-15T01:00:00Z'],
    ['Auckland Anniversary, kept in the Waikato: Friday 16:59', '2026-01-23T03:59:00Z', '2026-01-29T03:59:00Z'],
    [
      'daylight saving starting: Friday 15:00 NZST to Wednesday 15:00 NZDT',
      '2026-09-25T03:00:00Z',
      '2026-09-30T02:00:00Z',
    ],
    ['Christmas on a Friday, Boxing Day observed Monday', '2026-12-23T20:00:00Z', '2026-12-30T04:00:00Z'],
    ['New Year 2027: 1 January Friday, 2 January observed Monday 4th', '2026-12-30T20:00:00Z', '2027-01-06T04:00:00Z'],
  ];
  it.each(cases)('%s', (_what, at, due) => {
    expect(addBusinessHours(new Date(at), 24, holidays).toISOString()).toBe(new Date(due).toISOString());
  });

  it('counts exactly back: the business time between a lead and its due time is 24 hours', () => {
    for (const [, at, due] of cases) {
      const start = new Date(at);
      // A start outside the hours counts from the opening, so the span is measured from the start as given.
      expect(businessMsBetween(start, new Date(due), holidays)).toBe(24 * 3_600_000);
    }
  });

  it('reminds 2 business hours before the due time', () => {
    const { followUpBy, remindAt } = followUpClock(new Date('2026-03-06T03:59:00Z'), holidays);
    expect(businessMsBetween(remindAt, followUpBy, holidays)).toBe(2 * 3_600_000);
    expect(remindAt.toISOString()).toBe('2026-03-11T01:59:00.000Z');
  });

  it('takes a configured calendar: a removed holiday is a working day, an added one is not', () => {
    const noWaitangi = holidayCalendar({ remove: ['2026-02-06'] });
    expect(addBusinessHours(new Date('2026-02-04T20:00:00Z'), 24, noWaitangi).toISOString()).toBe(
      '2026-02-09T04:00:00.000Z',
    );
    const closedMonday = holidayCalendar({ add: ['2026-03-02'] });
    expect(addBusinessHours(new Date('2026-02-27T03:59:00Z'), 24, closedMonday).toISOString()).toBe(
      '2026-03-05T03:59:00.000Z',
    );
  });

  it('refuses a negative span rather than counting backwards', () => {
    expect(() => addBusinessHours(new Date(), -1, holidays)).toThrow(RangeError);
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
  ])('%i, Mondayised, with Matariki and Auckland Anniversary', (year, days) => {
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
