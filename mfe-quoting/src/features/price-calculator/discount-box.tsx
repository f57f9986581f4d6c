import { useState, type FormEvent } from 'react';
import { useHost } from '@agency/contracts/client';
import { call, endpoints, tooManyRequestsMessage } from '../../lib/api';
import type { AppliedDiscount } from './saved-quote';

/** Codes are checked by the server (the list is server configuration); matching ignores case. */
export function DiscountBox({
  applied,
  onApply,
}: {
  applied: AppliedDiscount | null;
  onApply: (d: AppliedDiscount) => void;
}) {
  const { toast } = useHost();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);

  async function apply(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      const result = await call(endpoints.checkDiscountCode, { body: { code: code.trim().toUpperCase() } });
      onApply(result);
      setOpen(false);
      setCode('');
      toast({ title: 'Discount Applied', description: `${result.percentage}% discount applied successfully!` });
    } catch (error) {
      const tooMany = tooManyRequestsMessage(error);
      toast({
        variant: 'destructive',
        title: tooMany ? 'Too many tries' : 'Invalid Code',
        description: tooMany ?? 'Please enter a valid discount code.',
      });
    } finally {
      setPending(false);
    }
  }

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
        className="text-sm font-medium text-brand-700 underline"
      >
        {open ? 'Hide discount code' : 'Have a discount code?'}
      </button>
      {open && (
        <form onSubmit={apply} className="mt-2 flex gap-2" aria-label="Discount code">
          <label className="sr-only" htmlFor="discount-code">
            Discount code
          </label>
          <input
            id="discount-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
            maxLength={40}
            className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 uppercase"
            placeholder="CODE"
          />
          <button
            type="submit"
            disabled={pending || !code.trim()}
            className="rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white disabled:opacity-60"
          >
            Apply
          </button>
        </form>
      )}
    </div>
  );
}
