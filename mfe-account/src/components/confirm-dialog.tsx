import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type ReactNode } from 'react';

/**
 * Asks before a consequential change (a role, an account's access, a reset, a revocation, a mailing), saying what will
 * happen: Radix's alert dialog, so it is announced as one, keeps focus inside, hides the page behind it from assistive
 * technology and closes on Escape (as Cancel). Focus starts on Cancel, the safe choice, and returns to what opened it.
 * Rendered in place, not in a portal, so the remote's scoped styles reach it (decision 0008). `onConfirm` runs once;
 * the owner closes the dialog after it (or before, to let a step-up prompt follow).
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  destructive = false,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  onCancel: () => void;
  /** Red, for what cannot be undone from here (a reset, a revocation). */
  destructive?: boolean;
}) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && !busy && onCancel()}>
      <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
      <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
        <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
        <AlertDialog.Description asChild>
          <div className="mt-2 space-y-2 text-sm text-slate-700">{children}</div>
        </AlertDialog.Description>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <AlertDialog.Cancel disabled={busy} className="rounded-lg border border-slate-300 px-4 py-2 font-semibold">
            Cancel
          </AlertDialog.Cancel>
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={busy}
            className={`rounded-lg px-4 py-2 font-semibold text-white disabled:opacity-60 ${destructive ? 'bg-red-700' : 'bg-brand-600'}`}
          >
            {busy ? 'Working...' : confirmLabel}
          </button>
        </div>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
