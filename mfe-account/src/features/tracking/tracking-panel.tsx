import { QueryView } from '../../components/query-view';
import { useTrackingSummary } from './api/get-tracking-summary';
import { DeliveriesTable } from './components/deliveries-table';
import { PlatformCard } from './components/platform-card';

/**
 * Staff: how the server-side conversion events (decision 0095) reach the ad platforms: per platform whether it is
 * configured and its deliveries by state over the last days, then the newest deliveries with the platform's reason
 * for any refusal. Read only; what is sent at all depends on each visitor's consent.
 */
export function TrackingPanel() {
  const summary = useTrackingSummary();
  return (
    <section aria-labelledby="tracking-heading">
      <h2 id="tracking-heading" className="mb-1 text-xl font-bold">
        Conversion tracking
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        Conversions the site sends from the server to Meta and Google Analytics 4, for visitors who allowed advertising
        cookies. Refused events carry the platform&apos;s reason; waiting ones are tried again.
      </p>
      <QueryView query={summary}>
        {(data) =>
          data.platforms.every((p) => !p.configured) && data.recent.length === 0 ? (
            <p className="text-slate-600">
              No ad platform is configured, so no conversion is sent from the server. The operations guide says how to
              set one up.
            </p>
          ) : (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                {data.platforms.map((p) => (
                  <PlatformCard key={p.platform} platform={p} days={data.days} />
                ))}
              </div>
              <h3 className="mt-8 mb-2 text-lg font-semibold">Newest deliveries</h3>
              <DeliveriesTable deliveries={data.recent} />
            </>
          )
        }
      </QueryView>
    </section>
  );
}
