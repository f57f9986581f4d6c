import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DiscountCodeRequestSchema } from '@agency/contracts';
import { useHost } from '@agency/contracts/client';
import { SubmitButton } from '@agency/contracts/ui';
import { call, endpoints, tooManyRequestsMessage } from '../../lib/api';
import type { AppliedDiscount } from './saved-quote';

type CodeInput = z.input<typeof DiscountCodeRequestSchema>;
type Code = z.output<typeof DiscountCodeRequestSchema>;

/**
 * The code's own form, in a chunk of its own: the calculator loads it (and react-hook-form) only when the visitor
 * opens it. Codes are checked by the server (the list is server configuration); matching ignores case.
 */
export function DiscountForm({ onApplied }: { onApplied: (d: AppliedDiscount) => void }) {
  const { toast } = useHost();
  const form = useForm<CodeInput, unknown, Code>({
    resolver: zodResolver(DiscountCodeRequestSchema),
    defaultValues: { code: '' },
  });
  const empty = !form.watch('code').trim();

  const apply = form.handleSubmit(async ({ code }) => {
    try {
      const result = await call(endpoints.checkDiscountCode, { body: { code } });
      onApplied(result);
      toast({ title: 'Discount Applied', description: `${result.percentage}% discount applied successfully!` });
    } catch (error) {
      const tooMany = tooManyRequestsMessage(error);
      toast({
        variant: 'destructive',
        title: tooMany ? 'Too many tries' : 'Invalid Code',
        description: tooMany ?? 'Please enter a valid discount code.',
      });
    }
  });

  return (
    <form onSubmit={apply} noValidate className="mt-2 flex gap-2" aria-label="Discount code">
      <label className="sr-only" htmlFor="discount-code">
        Discount code
      </label>
      <input
        id="discount-code"
        required
        maxLength={40}
        className="w-0 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 uppercase"
        placeholder="CODE"
        {...form.register('code')}
      />
      <SubmitButton
        pending={form.formState.isSubmitting}
        pendingLabel="Apply"
        disabled={empty}
        className="shrink-0 rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white disabled:opacity-60"
      >
        Apply
      </SubmitButton>
    </form>
  );
}
