import * as Toast from '@radix-ui/react-toast';
import { useStore } from 'zustand';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX, toastStore } from './toast-store';

/**
 * The site's one toast viewport (Radix): a new toast replaces the old (the store keeps one), each closes after
 * 5 s, a swipe of 50 px to the right dismisses it, F8 focuses the viewport. Top of the screen on phones, bottom
 * right on wide screens. Loaded by `Toaster` with the first toast.
 */
export default function ToastViewport() {
  const toasts = useStore(toastStore, (s) => s.toasts);
  const dismiss = useStore(toastStore, (s) => s.dismiss);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {toasts.map((t) => {
        const destructive = t.variant === 'destructive';
        return (
          <Toast.Root
            key={t.id}
            type={destructive ? 'foreground' : 'background'}
            onOpenChange={(open) => !open && dismiss(t.id)}
            data-variant={t.variant ?? 'default'}
            className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${
              destructive ? 'border-red-700 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900'
            }`}
          >
            <div className="flex-1">
              <Toast.Title className="font-semibold">{t.title}</Toast.Title>
              {t.description && (
                <Toast.Description className="mt-1 text-sm opacity-90">{t.description}</Toast.Description>
              )}
            </div>
            <Toast.Close aria-label="Close notification" className="text-lg leading-none">
              ×
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport
        hotkey={[TOAST_HOTKEY]}
        className="pointer-events-none fixed top-0 z-[100] m-0 flex w-full list-none flex-col gap-2 p-4 outline-none sm:top-auto sm:right-0 sm:bottom-0 sm:max-w-sm"
      />
    </Toast.Provider>
  );
}
