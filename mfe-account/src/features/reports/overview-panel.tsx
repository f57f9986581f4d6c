import { QueryView } from '../../components/query-view';
import { useLatestMetrics } from './api/get-latest-metrics';
import { useReports } from './api/get-reports';
import { calendarDay, changeOf, reportMonth, type Change } from './components/report-change';

const CHANNELS = [
  ['seo', 'SEO'],
  ['smm', 'Social media'],
  ['sem', 'Paid ads'],
] as const;

const TONE = { better: 'text-green-800', worse: 'text-red-700', same: 'text-slate-500' } as const;

function Figure({ label, value, change }: { label: string; value: string; change: Change | null }) {
  return (
    <div className="relative rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
      {change && (
        <dd className={`text-sm ${TONE[change.tone]}`} title={change.said}>
          <span aria-hidden="true">{change.text}</span>
          <span className="sr-only">{change.said}</span>
        </dd>
      )}
    </div>
  );
}

/** Latest metrics per channel and the latest monthly report's headline figures. */
export function OverviewPanel() {
  const metrics = useLatestMetrics();
  const latest = useReports({ pageSize: 1 });
  return (
    <div className="space-y-8">
      <QueryView query={latest}>
        {({ items: [r] }) => {
          const vs = (
            now: number | null | undefined,
            was: number | null | undefined,
            options?: Parameters<typeof changeOf>[3],
          ) => (r?.previous ? changeOf(now, was, reportMonth(r.previous.reportDate), options) : null);
          return r ? (
            <section aria-labelledby="latest-heading">
              <h3 id="latest-heading" className="text-lg font-semibold">
                Last month ({reportMonth(r.reportDate)})
              </h3>
              <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
                <Figure
                  label="Website visits"
                  value={(r.websiteTraffic ?? 0).toLocaleString('en-NZ')}
                  change={vs(r.websiteTraffic, r.previous?.websiteTraffic)}
                />
                <Figure
                  label="Conversions"
                  value={(r.conversions ?? 0).toLocaleString('en-NZ')}
                  change={vs(r.conversions, r.previous?.conversions)}
                />
                <Figure
                  label="Conversion rate"
                  value={`${r.conversionRate ?? 0}%`}
                  change={vs(r.conversionRate, r.previous?.conversionRate, { suffix: '%' })}
                />
                <Figure
                  label="Search position"
                  value={String(r.searchRanking ?? '–')}
                  change={vs(r.searchRanking, r.previous?.searchRanking, { lowerIsBetter: true })}
                />
              </dl>
            </section>
          ) : (
            <p className="text-slate-600">Your first monthly report will appear here.</p>
          );
        }}
      </QueryView>
      <QueryView query={metrics}>
        {({ metrics: m }) =>
          m && (
            <section aria-labelledby="metrics-heading">
              <h3 id="metrics-heading" className="text-lg font-semibold">
                Latest metrics ({calendarDay(m.date)})
              </h3>
              <div className="mt-3 grid gap-3 md:grid-cols-3">
                {CHANNELS.map(([key, label]) => (
                  <div key={key} className="rounded-xl border border-slate-200 bg-white p-4">
                    <h4 className="font-semibold">{label}</h4>
                    <dl className="mt-2 space-y-1 text-sm">
                      {Object.entries(m[key] ?? {}).map(([k, v]) => (
                        <div key={k} className="flex justify-between gap-2">
                          <dt className="text-slate-600">{k}</dt>
                          <dd className="font-medium">{String(v)}</dd>
                        </div>
                      ))}
                    </dl>
                  </div>
                ))}
              </div>
            </section>
          )
        }
      </QueryView>
    </div>
  );
}
