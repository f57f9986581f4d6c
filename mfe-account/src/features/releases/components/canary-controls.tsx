import { useState } from 'react';
import type { RemoteName } from '@agency/contracts';
import { useAbortCanary, useChangeCanaryShare, usePromoteCanary } from '../api/release-actions';
import { useToastedCall } from '../../../lib/use-toasted-call';
import { AbortForm, ShareForm } from './canary-forms';
import { counted, type ReleaseRule, type RemoteStatus } from './release-format';

const button = 'rounded-lg px-4 py-1.5 text-sm font-semibold disabled:opacity-60';

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
  // While one action is under way, the others wait: each would act on the canary the first one changes.
  const busy = promote.isPending || abort.isPending || share.isPending;

  const onPromote = async () => {
    setConfirming(false);
    await toasted(
      () => promote.mutateAsync(name),
      { title: 'Canary promoted', description: `${name} ${version} is now live for everyone.` },
      { title: 'Promotion failed', fallback: 'Please try again.' },
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
      <ShareForm name={name} percent={percent} busy={busy} share={share} />
      <AbortForm name={name} busy={busy} abort={abort} />
    </div>
  );
}
