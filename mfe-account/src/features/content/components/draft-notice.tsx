import { useState } from 'react';
import type { Draft } from '@agency/contracts';
import { draftStatusText, restoredText, type DraftStatus } from '../../../lib/use-draft';

/**
 * Under an editor: that it opened with a restored draft, how the draft stands (saved, offline, refused: a polite
 * live region), and the way back to the saved item ("Discard changes").
 */
export function DraftNotice({
  draft,
  status,
  dirty,
  onDiscard,
  onLoadNewer,
  onKeepMine,
  className = '',
}: {
  draft: Draft | undefined;
  status: DraftStatus;
  dirty: boolean;
  onDiscard: () => void;
  /** A newer draft was saved elsewhere (decision 0101): load it, or save this one over it. */
  onLoadNewer: () => void;
  onKeepMine: () => void;
  className?: string;
}) {
  const [restored, setRestored] = useState(draft !== undefined);
  const text = draftStatusText(status);
  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 ${className}`}>
      {restored && draft && <p>{restoredText(draft)}</p>}
      <p
        role="status"
        className={
          status.state === 'idle' || status.state === 'saving' || status.state === 'saved' ? '' : 'text-amber-800'
        }
      >
        {text}
      </p>
      {status.state === 'conflict' && (
        <span className="flex gap-3">
          <button type="button" onClick={onLoadNewer} className="font-semibold text-brand-700 underline">
            Load the newer draft
          </button>
          <button type="button" onClick={onKeepMine} className="font-semibold text-brand-700 underline">
            Keep mine
          </button>
        </span>
      )}
      {(dirty || restored) && (
        <button
          type="button"
          onClick={() => {
            setRestored(false);
            onDiscard();
          }}
          className="font-semibold text-brand-700 underline"
        >
          Discard changes
        </button>
      )}
    </div>
  );
}
