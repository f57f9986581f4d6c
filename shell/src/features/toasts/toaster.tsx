import { useEffect } from 'react';
import { useStore } from 'zustand';
import { TOAST_DURATION_MS, toastStore, type Toast } from './toast-store';

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useStore(toastStore, (s) => s.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, dismiss]);
  const destructive = toast.variant === 'destructive';
  return (
    <li
      role={destructive ? 'alert' : 'status'}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg ${
        destructive ? 'border-red-700 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900'
      }`}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
      </div>
      <button type="button" aria-label="Close notification" className="text-lg leading-none" onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </li>
  );
}

/** Top of the screen on phones, bottom right on wide screens (spec section 4). */
export function Toaster() {
  const toasts = useStore(toastStore, (s) => s.toasts);
  return (
    <ol
      aria-label="Notifications"
      className="pointer-events-none fixed top-0 z-[100] flex w-full flex-col gap-2 p-4 sm:top-auto sm:right-0 sm:bottom-0 sm:max-w-sm"
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </ol>
  );
}
