import { formatNzDateTime, type TrackingSummary } from '@agency/contracts';
import { PLATFORM_LABEL, STATE_LABEL } from './labels';

/**
 * The newest deliveries. A table of figures, so on a phone it keeps its columns and scrolls in its own focusable
 * region, `relative` so its hidden caption stays inside it (decision 0100). The platform's reason is its own words,
 * shown as text.
 */
export function DeliveriesTable({ deliveries }: { deliveries: TrackingSummary['recent'] }) {
  if (deliveries.length === 0) return <p className="text-slate-600">No conversion events sent yet.</p>;
  return (
    <div role="region" aria-label="Newest deliveries" tabIndex={0} className="relative overflow-x-auto">
      <table className="w-full text-left align-top text-sm">
        <caption className="sr-only">Server-side conversion events, newest first</caption>
        <thead className="border-b text-slate-600">
          <tr>
            <th className="py-2 pr-3 whitespace-nowrap">When (NZ time)</th>
            <th className="pr-3">Platform</th>
            <th className="pr-3">Event</th>
            <th className="pr-3">Event id</th>
            <th className="pr-3">State</th>
            <th className="pr-3">Attempts</th>
            <th className="pr-3">Reason</th>
            <th className="whitespace-nowrap">Next try</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id} className="border-b align-top">
              <td className="py-2 pr-3 whitespace-nowrap">{formatNzDateTime(d.createdAt)}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{PLATFORM_LABEL[d.platform]}</td>
              <td className="py-2 pr-3">{d.eventName}</td>
              <td className="py-2 pr-3 font-mono text-xs break-all">{d.eventId}</td>
              <td className="py-2 pr-3">{STATE_LABEL[d.state]}</td>
              <td className="py-2 pr-3">{d.attempts}</td>
              <td className="min-w-48 py-2 pr-3 break-words">{d.reason ?? ''}</td>
              <td className="py-2 whitespace-nowrap">{d.nextAt === null ? '' : formatNzDateTime(d.nextAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
