import { useState } from 'react';
import { formatNzDateTime } from '@agency/contracts';
import { useToastedCall } from '../../../lib/use-toasted-call';
import { useHoldLead, useLeadHold, useReleaseLeadHold } from '../api/lead-work';
import type { LeadType } from '../api/get-leads';

/**
 * A lead's retention hold (decision 0066): a lead older than two years is erased by the daily run unless staff keep
 * it here, with a reason that goes to the audit log.
 */
export function LeadHold({ type, id }: { type: LeadType; id: number }) {
  const current = useLeadHold(type, id);
  const hold = useHoldLead();
  const release = useReleaseLeadHold();
  const toasted = useToastedCall();
  const [reason, setReason] = useState('');
  const held = current.data?.hold;

  if (held)
    return (
      <div className="flex min-w-0 flex-wrap items-center gap-2 text-sm" aria-label={`Retention hold of lead #${id}`}>
        <p className="min-w-0 [overflow-wrap:anywhere]">
          Kept past the two-year retention since {formatNzDateTime(held.at)}: {held.reason}
        </p>
        <button
          type="button"
          disabled={release.isPending}
          onClick={() =>
            void toasted(
              () => release.mutateAsync({ type, id }),
              { title: 'Hold lifted', description: `Lead #${id} follows the two-year retention again.` },
              { title: 'Hold not lifted', fallback: 'Please try again.' },
            )
          }
          className="rounded-lg border px-3 py-1.5 font-semibold disabled:opacity-60"
        >
          Lift the hold
        </button>
      </div>
    );
  if (!current.isSuccess) return null;
  return (
    <div className="flex min-w-0 flex-wrap items-end gap-2" aria-label={`Retention hold of lead #${id}`}>
      <label className="min-w-0 flex-1 basis-60 text-sm font-medium">
        Why keep this lead past two years
        <input
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          className="mt-1 block w-full rounded border px-2 py-1 font-normal"
        />
      </label>
      <button
        type="button"
        disabled={hold.isPending || reason.trim().length < 3}
        onClick={() =>
          void toasted(
            () => hold.mutateAsync({ type, id, reason }),
            { title: 'Lead held', description: `Lead #${id} is kept past the two-year retention.` },
            { title: 'Not held', fallback: 'Please try again.' },
          ).then((done) => done && setReason(''))
        }
        className="rounded-lg border px-3 py-1.5 text-sm font-semibold disabled:opacity-60"
      >
        Hold
      </button>
    </div>
  );
}
