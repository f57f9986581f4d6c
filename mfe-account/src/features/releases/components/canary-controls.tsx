import { useState, type FormEvent } from 'react';
import type { RemoteName } from '@agency/contracts';
import { useAbortCanary, useChangeCanaryShare, usePromoteCanary } from '../api/release-actions';
import { useToastedCall } from '../../../lib/use-toasted-call';
import { counted, type ReleaseRule, type RemoteStatus } from './release-format';

const button = 'rounded-lg px-4 py-1.5 text-sm font-semibold disabled:opacity-60';
const input = 'rounded-lg border border-slate-300 px-2 py-1 text-sm';

/** One measure toward the automatic abort, as a bar and in words. */
function Measure({ label, value, of, text }: { label: string; value: number; of: number; text: string }) {
  return (
    <div className="grid gap-1">
      <div className="flex justify-between gap-3 text-xs text-slate-700">
        <span>{label}</span>
        <span>{text}</span>
      </div>
      <progress aria-label={label} max={of} value={Math.max(0, Math.min(value, of))} className="h-2 w-full" />
    </div>
  );
}

/**
 * How far the canary is from the automatic abort (canary-rule.ts): the rule aborts once enough page loads came in,
 * from enough failing networks, with the error rate past the margin above the live version's; or once enough
 * server renders failed again on retry.
 */
export function AbortProgress({ remote, rule }: { remote: RemoteStatus; rule: ReleaseRule }) {
  const canary = remote.canary!.figures;
  const live = remote.live?.figures;
  const gap = canary.errorRate === null ? 0 : (canary.errorRate - (live?.errorRate ?? 0)) * 100;
  const margin = rule.errorMargin * 100;
  return (
    <div
      className="mt-3 grid gap-2 rounded-lg bg-slate-50 p-3"
      aria-label="Progress toward the automatic abort"
      role="group"
    >
      <p className="text-sm font-semibold">Progress toward the automatic abort</p>
      <Measure
        label="Page loads"
        value={canary.pageLoads}
        of={rule.minPageLoads}
        text={`${counted(canary.pageLoads, 'page load')} of ${rule.minPageLoads} needed`}
      />
      <Measure
        label="Networks reporting failures"
        value={canary.failingAddresses}
        of={rule.minFailingAddresses}
        text={`${canary.failingAddresses} of ${rule.minFailingAddresses} needed`}
      />
      <Measure
        label="Error rate above the live version's"
        value={gap}
        of={margin}
        text={`${gap.toFixed(1)} of ${margin.toFixed(1)} points`}
      />
      <Measure
        label="Server renders failed on retry"
        value={canary.serverRenderFailures}
        of={rule.minRenderFailures}
        text={`${canary.serverRenderFailures} of ${rule.minRenderFailures} needed`}
      />
    </div>
  );
}

/** Promote, abort with a reason, and change the share of the running canary. */
export function CanaryControls({ name, percent, version }: { name: RemoteName; percent: number; version: string }) {
  const toasted = useToastedCall();
  const promote = usePromoteCanary();
  const abort = useAbortCanary();
  const share = useChangeCanaryShare();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [newShare, setNewShare] = useState(String(percent));
  const busy = promote.isPending || abort.isPending || share.isPending;
  const shareValue = Number(newShare);
  const shareValid = Number.isInteger(shareValue) && shareValue >= 1 && shareValue <= 99;

  const onPromote = async () => {
    setConfirming(false);
    await toasted(
      () => promote.mutateAsync(name),
      { title: 'Canary promoted', description: `${name} ${version} is now live for everyone.` },
      { title: 'Promotion failed', fallback: 'Please try again.' },
    );
  };
  const onAbort = async (event: FormEvent) => {
    event.preventDefault();
    const done = await toasted(
      () => abort.mutateAsync({ remote: name, reason: reason.trim() }),
      { title: 'Canary aborted', description: `Everyone gets the live version of ${name} again.` },
      { title: 'Abort failed', fallback: 'Please try again.' },
    );
    if (done) setReason('');
  };
  const onShare = async (event: FormEvent) => {
    event.preventDefault();
    await toasted(
      () => share.mutateAsync({ remote: name, percent: shareValue }),
      { title: 'Share changed', description: `The ${name} canary now serves ${shareValue}% of visitors.` },
      { title: 'Share change failed', fallback: 'Please try again.' },
    );
  };

  return (
    <div className="mt-3 flex flex-wrap items-end gap-4" role="group" aria-label={`${name} canary actions`}>
      {confirming ? (
        <div className="flex items-center gap-2">
          <span className="text-sm">Make {version} live for everyone?</span>
          <button
            type="button"
            disabled={busy}
            onClick={() => void onPromote()}
            className={`${button} bg-emerald-700 text-white`}
          >
            Yes, promote
          </button>
          <button type="button" onClick={() => setConfirming(false)} className={`${button} border border-slate-300`}>
            Cancel
          </button>
        </div>
      ) : (
        <button
          type="button"
          disabled={busy}
          onClick={() => setConfirming(true)}
          className={`${button} bg-emerald-700 text-white`}
        >
          Promote canary
        </button>
      )}
      <form onSubmit={(e) => void onShare(e)} className="flex items-end gap-2">
        <label className="grid text-xs text-slate-700">
          Share of visitors (%)
          <input
            type="number"
            min={1}
            max={99}
            step={1}
            value={newShare}
            onChange={(e) => setNewShare(e.target.value)}
            className={`${input} w-20`}
          />
        </label>
        <button
          type="submit"
          disabled={busy || !shareValid || shareValue === percent}
          className={`${button} border border-slate-300`}
        >
          Change share
        </button>
      </form>
      <form onSubmit={(e) => void onAbort(e)} className="flex flex-wrap items-end gap-2">
        <label className="grid text-xs text-slate-700">
          Reason for aborting
          <input
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Checkout errors on Safari"
            className={`${input} w-64 max-w-full`}
          />
        </label>
        <button type="submit" disabled={busy || reason.trim() === ''} className={`${button} bg-red-700 text-white`}>
          Abort canary
        </button>
      </form>
    </div>
  );
}
