import { lazy, Suspense, useEffect, useState } from 'react';
import { toastStore } from './toast-store';

const ToastViewport = lazy(() => import(/* webpackChunkName: "toasts" */ './toast-viewport'));

/**
 * Most visits never show a toast, so the Radix toast code (about 7 KB gzip) is fetched with the first one and
 * then stays mounted, so later toasts and closing animations run as usual. Until then there is nothing to show
 * or focus (F8 included).
 */
export function Toaster() {
  const [wanted, setWanted] = useState(() => toastStore.getState().toasts.length > 0);
  useEffect(() => {
    if (wanted) return;
    if (toastStore.getState().toasts.length > 0) return setWanted(true);
    return toastStore.subscribe((s) => { if (s.toasts.length > 0) setWanted(true); });
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}
