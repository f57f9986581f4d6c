import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { toastStore } from './toast-store';

const ToastViewport = lazy(() => import(/* webpackChunkName: "toasts" */ './toast-viewport'));

/** If the toast code cannot be fetched (offline, a deploy mid-visit), messages still show, plainly. */
function PlainToasts() {
  const toasts = useStore(toastStore, (s) => s.toasts);
  const dismiss = useStore(toastStore, (s) => s.dismiss);
  return (
    <div
      role="status"
      className="fixed top-0 z-[100] flex w-full flex-col gap-2 p-4 sm:top-auto sm:right-0 sm:bottom-0 sm:max-w-sm"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          data-variant={t.variant ?? 'default'}
          className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 text-slate-900 shadow-lg"
        >
          <div className="flex-1">
            <p className="font-semibold">{t.title}</p>
            {t.description && <p className="mt-1 text-sm opacity-90">{t.description}</p>}
          </div>
          <button
            type="button"
            aria-label="Close notification"
            className="text-lg leading-none"
            onClick={() => dismiss(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

class PlainIfUnavailable extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <PlainToasts /> : this.props.children;
  }
}

/**
 * Most visits never show a toast, so the Radix toast code (4.4 KB gzip) is fetched with the first one and then
 * stays mounted, so later toasts and closing animations run as usual. Until then there is nothing to show or
 * focus (F8 included).
 */
export function Toaster() {
  const hasToast = useStore(toastStore, (s) => s.toasts.length > 0);
  const [wanted, setWanted] = useState(hasToast);
  if (hasToast && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <PlainIfUnavailable>
      <Suspense fallback={null}>
        <ToastViewport />
      </Suspense>
    </PlainIfUnavailable>
  );
}
