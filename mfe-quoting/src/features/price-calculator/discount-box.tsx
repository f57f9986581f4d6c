import { lazy, Suspense, useState } from 'react';
import type { AppliedDiscount } from './saved-quote';

const loadForm = () => import('./discount-form');
const DiscountForm = lazy(() => loadForm().then((m) => ({ default: m.DiscountForm })));

/** The applied code, and its form behind a toggle; the form's code is fetched as the visitor reaches for it. */
export function DiscountBox({
  applied,
  onApply,
}: {
  applied: AppliedDiscount | null;
  onApply: (d: AppliedDiscount) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      {applied && (
        <p className="mb-2 text-sm font-medium text-green-800">
          Code {applied.code}: {applied.percentage}% off
        </p>
      )}
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
        className="text-sm font-medium text-brand-700 underline"
      >
        {open ? 'Hide discount code' : 'Have a discount code?'}
      </button>
      {open && (
        <Suspense fallback={null}>
          <DiscountForm
            onApplied={(discount) => {
              onApply(discount);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
