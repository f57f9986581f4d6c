import { describe, expect, it } from 'vitest';
import { formatNzSortable, nzScheduleInstant, nzYearMonth } from './nz-time';

describe('formatNzSortable', () => {
  it('reads New Zealand wall time with its zone, through both daylight-saving changes', () => {
    // Daylight saving ends at 3 am NZDT on 5 April 2026 (14:00 UTC): 2:30 happens twice, told apart by the zone.
    expect(formatNzSortable(new Date('2026-04-04T13:30:00Z'))).toBe('2026-04-05 02:30 NZDT');
    expect(formatNzSortable(new Date('2026-04-04T13:59:59Z'))).toBe('2026-04-05 02:59 NZDT');
    expect(formatNzSortable(new Date('2026-04-04T14:00:00Z'))).toBe('2026-04-05 02:00 NZST');
    expect(formatNzSortable(new Date('2026-04-04T14:30:00Z'))).toBe('2026-04-05 02:30 NZST');
    // It starts at 2 am NZST on 27 September 2026 (14:00 UTC): the clock jumps to 3 am.
    expect(formatNzSortable(Date.parse('2026-09-26T13:59:00Z'))).toBe('2026-09-27 01:59 NZST');
    expect(formatNzSortable(Date.parse('2026-09-26T14:00:00Z'))).toBe('2026-09-27 03:00 NZDT');
    // Across midnight and the year, from text too.
    expect(formatNzSortable('2026-12-31T11:05:00Z')).toBe('2027-01-01 00:05 NZDT');
  });

  it('gives the same text from the hour it has worked out as from a fresh one, minute by minute', () => {
    const start = Date.parse('2026-04-04T12:00:00Z');
    const intl = new Intl.DateTimeFormat('en-NZ', {
      timeZone: 'Pacific/Auckland',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    for (let ms = start; ms < start + 4 * 3_600_000; ms += 7 * 60_000 + 13_000) {
      const p = Object.fromEntries(intl.formatToParts(ms).map(({ type, value }) => [type, value]));
      expect(formatNzSortable(ms).slice(0, 16)).toBe(`${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`);
    }
  });

  it('is empty for no time and for one that is not a time', () => {
    for (const value of [null, undefined, '', 'not a date', Number.NaN, 9e15]) expect(formatNzSortable(value)).toBe('');
  });
});

describe('nzScheduleInstant', () => {
  it('works out the offset per day across daylight saving', () => {
    expect(nzScheduleInstant(2027, 3, 5, 9, 0).toISOString()).toBe('2027-03-04T20:00:00.000Z');
    expect(nzScheduleInstant(2027, 4, 5, 9, 0).toISOString()).toBe('2027-04-04T21:00:00.000Z');
    // 02:30 on the day the clocks go forward does not exist: the first instant after it, 03:00 NZDT.
    expect(nzScheduleInstant(2026, 9, 27, 2, 30).toISOString()).toBe('2026-09-26T14:00:00.000Z');
    // 02:30 on the day they go back is read twice: the first, still daylight time.
    expect(nzScheduleInstant(2027, 4, 4, 2, 30).toISOString()).toBe('2027-04-03T13:30:00.000Z');
    expect(nzYearMonth(new Date('2026-11-30T12:00:00Z'))).toEqual({ year: 2026, month: 12 });
  });
});
