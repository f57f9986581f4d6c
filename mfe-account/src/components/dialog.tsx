import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * A modal dialog on the browser's own `<dialog>`: focus moves into it and stays there, Escape closes it (as
 * `onClose`), and what is behind it is inert until it closes. Named by its title, described by its text. Put in
 * the body, so a form inside it is never inside the form that opened it.
 */
export function Dialog({
  open,
  title,
  children,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 p-6 shadow-xl backdrop:bg-slate-900/40"
    >
      {open && (
        <>
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <div className="mt-3">{children}</div>
        </>
      )}
    </dialog>,
    document.body,
  );
}

export const dialogButton = {
  primary: 'rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-60',
  secondary: 'rounded-lg border border-slate-300 px-4 py-2 font-semibold',
};
