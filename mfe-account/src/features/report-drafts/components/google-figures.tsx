import { FETCHED_FIELDS, REPORT_FIGURE_FIELDS, type FetchedReport, type RankedRowSummary } from '@agency/contracts';

const LABEL = Object.fromEntries(REPORT_FIGURE_FIELDS) as Record<string, string>;
const num = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined ? '–' : v.toLocaleString('en-NZ', { maximumFractionDigits: digits });

/** "+12%" against the month before, or nothing to compare with. */
function changeText(now: number | null, before: number | null | undefined): string {
  if (now === null || before === null || before === undefined) return '–';
  if (before === 0) return now === 0 ? '0%' : 'new';
  const change = Math.round(((now - before) / before) * 100);
  return `${change > 0 ? '+' : ''}${change}%`;
}

function Ranked({ title, rows }: { title: string; rows: RankedRowSummary[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-1 text-left font-semibold">{title}</caption>
      <thead className="border-b text-slate-600">
        <tr>
          <th className="py-1">{title.replace('Top ', '').replace(/^\w/, (c) => c.toUpperCase())}</th>
          <th>Clicks</th>
          <th>Impressions</th>
          <th>Position</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-b">
            <td className="max-w-[16rem] truncate py-1 pr-2">{r.key}</td>
            <td>{num(r.clicks)}</td>
            <td>{num(r.impressions)}</td>
            <td>{num(r.position, 1)}</td>
          </tr>
        ))}
        {rows.length === 0 && (
          <tr>
            <td colSpan={4} className="py-1 text-slate-500">
              None stored for the month.
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** What Google's figures say for the month: each fetched figure against the month before, and the top lists. */
export function GoogleFigures({ fetched }: { fetched: FetchedReport }) {
  return (
    <div className="space-y-4">
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left font-semibold">Month on month, from Google</caption>
        <thead className="border-b text-slate-600">
          <tr>
            <th className="py-1">Figure</th>
            <th>This month</th>
            <th>Month before</th>
            <th>Change</th>
          </tr>
        </thead>
        <tbody>
          {FETCHED_FIELDS.map((f) => (
            <tr key={f} className="border-b">
              <th scope="row" className="py-1 pr-2 font-normal">
                {LABEL[f]}
              </th>
              <td>{num(fetched.figures[f])}</td>
              <td>{num(fetched.previous?.[f])}</td>
              <td>{changeText(fetched.figures[f], fetched.previous?.[f])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {fetched.missingDays.length > 0 && (
        <p className="text-sm text-amber-800">
          {fetched.missingDays.length} day{fetched.missingDays.length === 1 ? '' : 's'} of the month had no figures from
          Google: {fetched.missingDays.join(', ')}.
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <Ranked title="Top queries" rows={fetched.topQueries} />
        <Ranked title="Top pages" rows={fetched.topPages} />
      </div>
    </div>
  );
}
