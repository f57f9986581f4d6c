import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';

export type { DailyFigures, FetchStatus, FigureDays } from '@agency/contracts';

/** The days a client's figures panel shows: the last 30 and some before, for the comparison with last night. */
export const FIGURE_DAYS = 35;

const nzCalendar = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Pacific/Auckland',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `YYYY-MM-DD` of New Zealand's calendar, `back` days before today there. */
export function nzDayBefore(back: number, now = new Date()): string {
  const today = nzCalendar.format(now);
  return new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
}

/** Staff: a client's stored Google figures of the last FIGURE_DAYS days, and how the nightly fetch is going. */
export const getDailyFigures = (clientId: number) =>
  call(endpoints.googleFigureDays, {
    params: { clientId },
    query: { from: nzDayBefore(FIGURE_DAYS), to: nzDayBefore(0) },
  });

export const useDailyFigures = (clientId: number) =>
  useQuery({ queryKey: ['google-figures', clientId], queryFn: () => getDailyFigures(clientId) });
