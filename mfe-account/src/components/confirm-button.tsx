import { useState } from 'react';

/** A destructive action in two deliberate clicks: the first arms it, the second (within 5 s) runs it. */
export function ConfirmButton({
  label,
  confirmLabel = 'Confirm delete',
  onConfirm,
  name,
}: {
  label: string;
  confirmLabel?: string;
  onConfirm: () => Promise<unknown> | void;
  name: string;
}) {
  const [armed, setArmed] = useState(false);
  const [busy, setBusy] = useState(false);
  async function click() {
    if (!armed) {
      setArmed(true);
      setTimeout(() => setArmed(false), 5000);
      return;
    }
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setArmed(false);
    }
  }
  return (
    <button
      type="button"
      onClick={() => void click()}
      disabled={busy}
      className={`rounded-lg border px-3 py-1 text-sm font-semibold disabled:opacity-60 ${armed ? 'border-red-700 bg-red-600 text-white' : 'border-red-300 text-red-700 hover:bg-red-50'}`}
    >
      {armed ? confirmLabel : label} <span className="sr-only">{name}</span>
    </button>
  );
}
