import { formatNzDateTime } from '@agency/contracts';
import { QueryView } from '../../../components/query-view';
import { useToastedCall } from '../../../lib/use-toasted-call';
import { useFetchNow } from '../api/fetch-now';
import { useDailyFigures, type DailyFigures, type FetchStatus } from '../api/get-daily-figures';
import { Sparkline } from './sparkline';

const whole = (v: number | null) => (v === null ? '–' : Math.round(v).toLocaleString('en-NZ'));
const percent = (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(1)}%`);
const place = (v: number | null) => (v === null ? '–' : v.toFixed(1));

const FIGURES: [string, (d: DailyFigures) => string][] = [
  ['Sessions', (d) => whole(d.sessions)],
  ['Users', (d) => whole(d.totalUsers)],
  ['Key events', (d) => whole(d.keyEvents)],
  ['Organic search sessions', (d) => whole(d.organicSessions)],
  ['Paid sessions', (d) => whole(d.paidSessions)],
  ['Search clicks', (d) => whole(d.clicks)],
  ['Impressions', (d) => whole(d.impressions)],
  ['CTR', (d) => percent(d.ctr)],
  ['Average position', (d) => place(d.position)],
];

function Status({ status }: { status: FetchStatus }) {
  return (
    <div className="space-y-1 text-sm text-slate-600">
      <p>
        {status.lastFetchAt ? `Last fetched ${formatNzDateTime(status.lastFetchAt)}` : 'Not fetched yet'}
        {status.backfillFrom && ` · filling in earlier days from ${status.backfillFrom}`}
      </p>
      {status.lastError && (
        <p role="alert" className="rounded bg-red-50 p-2 text-red-800">
          {status.lastError}
        </p>
      )}
    </div>
  );
}

function TopList({ title, rows }: { title: string; rows: DailyFigures['topQueries'] }) {
  return (
    <div>
      <h5 className="font-semibold">{title}</h5>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">None.</p>
      ) : (
        <ol className="list-decimal pl-5 text-sm">
          {rows.slice(0, 5).map((r) => (
            <li key={r.key} className="break-all">
              {r.key}{' '}
              <span className="text-slate-500">
                ({whole(r.clicks)} clicks, position {place(r.position)})
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function LastNight({ day }: { day: DailyFigures }) {
  return (
    <section aria-label="Last night's figures" className="space-y-3">
      <h4 className="font-semibold">Figures for {day.day}</h4>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {FIGURES.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold">{value(day)}</dd>
          </div>
        ))}
      </dl>
      {day.searchFinal === false && (
        <p className="text-xs text-slate-500">Search Console may still change these search figures.</p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TopList title="Top queries" rows={day.topQueries} />
        <TopList title="Top pages" rows={day.topPages} />
      </div>
    </section>
  );
}

function Days({ days }: { days: DailyFigures[] }) {
  return (
    <details>
      <summary className="cursor-pointer font-semibold">The last {days.length} days</summary>
      <table className="mt-2 w-full text-sm">
        <thead>
          <tr className="text-left">
            {['Day', 'Sessions', 'Users', 'Key events', 'Clicks', 'Impressions', 'Position'].map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((d) => (
            <tr key={d.day}>
              <td>{d.day}</td>
              <td>{whole(d.sessions)}</td>
              <td>{whole(d.totalUsers)}</td>
              <td>{whole(d.keyEvents)}</td>
              <td>{whole(d.clicks)}</td>
              <td>{whole(d.impressions)}</td>
              <td>{place(d.position)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Staff: a client's figures from Google as the nightly fetch stored them, how the fetch is going, and Fetch now. */
export function DailyFiguresView({ clientId }: { clientId: number }) {
  const figures = useDailyFigures(clientId);
  const fetchNow = useFetchNow();
  const toasted = useToastedCall();
  const fetch = () =>
    toasted(
      () => fetchNow.mutateAsync(clientId),
      { title: 'Fetch done', description: 'The figures below are up to date with Google.' },
      { title: 'Could not fetch now', fallback: 'Please try again' },
    );
  return (
    <QueryView query={figures}>
      {({ status, days }) =>
        !status ? (
          <p className="text-slate-600">No Google connection for this client yet.</p>
        ) : (
          <div className="space-y-4">
            <Status status={status} />
            {fetchNow.data && <p className="text-sm">{fetchNow.data.message}</p>}
            {days.length === 0 ? (
              <p className="text-slate-600">No figures stored yet.</p>
            ) : (
              <>
                <LastNight day={days.at(-1)!} />
                <div className="grid gap-2 sm:grid-cols-2">
                  <Sparkline label="Sessions" values={days.slice(-30).map((d) => d.sessions)} />
                  <Sparkline label="Search clicks" values={days.slice(-30).map((d) => d.clicks)} />
                </div>
                <Days days={days.slice(-30)} />
              </>
            )}
            <button
              type="button"
              onClick={() => void fetch()}
              disabled={fetchNow.isPending || !status.granted}
              className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold disabled:opacity-60"
            >
              {fetchNow.isPending ? 'Fetching...' : 'Fetch now'}
            </button>
          </div>
        )
      }
    </QueryView>
  );
}
