export { calendarDay, reportMonth } from '@agency/contracts';

export interface Change {
  /** "+200", "−1.5", "No change". */
  text: string;
  /** For a screen reader and a tooltip: "up 200 on September 2026". */
  said: string;
  /** Better, worse or the same for the client (a lower search ranking is better). */
  tone: 'better' | 'worse' | 'same';
}

const figure = (v: number) => Math.abs(v).toLocaleString('en-NZ', { maximumFractionDigits: 2 });

/**
 * A figure's change against the previous month's; none when either month lacks the figure. `lowerIsBetter` for a
 * position (search ranking), where going down is the good news.
 */
export function changeOf(
  current: number | null | undefined,
  previous: number | null | undefined,
  previousMonth: string,
  { suffix = '', lowerIsBetter = false }: { suffix?: string; lowerIsBetter?: boolean } = {},
): Change | null {
  if (current === null || current === undefined || previous === null || previous === undefined) return null;
  // Rounded as shown, so 4.2 -> 4.2 is "No change" rather than a change of 0.0000001.
  const delta = Math.round((current - previous) * 100) / 100;
  if (delta === 0) return { text: 'No change', said: `the same as ${previousMonth}`, tone: 'same' };
  const up = delta > 0;
  return {
    text: `${up ? '+' : '−'}${figure(delta)}${suffix}`,
    said: `${up ? 'up' : 'down'} ${figure(delta)}${suffix} on ${previousMonth}`,
    tone: up !== lowerIsBetter ? 'better' : 'worse',
  };
}
