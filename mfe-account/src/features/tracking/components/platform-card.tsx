import { formatNzDateTime, type TrackingSummary } from '@agency/contracts';
import { PLATFORM_LABEL } from './labels';

type Platform = TrackingSummary['platforms'][number];

/** One platform: configured or not, its deliveries by state over the period, the last sent and match quality. */
export function PlatformCard({ platform: p, days }: { platform: Platform; days: number }) {
  const name = PLATFORM_LABEL[p.platform];
  const figures: [string, number][] = [
    ['Sent', p.sent],
    ['Refused', p.refused],
    ['Waiting', p.waiting],
    ['Dead', p.dead],
  ];
  return (
    <section aria-label={name} className="rounded-2xl border border-slate-200 bg-white p-4">
      <h3 className="font-semibold">{name}</h3>
      <p className={`mt-1 text-sm ${p.configured ? 'text-green-800' : 'text-slate-600'}`}>
        {p.configured ? 'Configured' : 'Not configured: nothing is sent to it'}
      </p>
      <dl className="mt-3 grid grid-cols-4 gap-2 text-center">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className={`text-lg font-bold ${label !== 'Sent' && value > 0 ? 'text-red-700' : ''}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-500">Last {days} days</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Last sent</dt>
        <dd>{p.lastSentAt === null ? 'Never' : formatNzDateTime(p.lastSentAt)}</dd>
        {p.matchQuality !== null && (
          <>
            <dt className="text-slate-600">Match quality</dt>
            <dd>{p.matchQuality.toLocaleString('en-NZ', { maximumFractionDigits: 1 })} of 10</dd>
          </>
        )}
      </dl>
    </section>
  );
}
