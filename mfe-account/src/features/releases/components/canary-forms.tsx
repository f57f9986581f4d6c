import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { AbortBodySchema, ShareBodySchema, type RemoteName } from '@agency/contracts';
import { fieldsOf, payloadResolver, SubmitButton, TextField } from '@agency/contracts/ui';
import { FormProblems, useStaffSave } from '../../../lib/staff-form';
import { useStepUp } from '../../../lib/step-up';
import type { useAbortCanary, useChangeCanaryShare } from '../api/release-actions';

/** What a form needs of the canary around it: its remote, and whether another action on it is under way. */
interface CanaryFormProps {
  name: RemoteName;
  busy: boolean;
}

const button = 'rounded-lg px-4 py-1.5 text-sm font-semibold disabled:opacity-60';
const frame = 'grid text-xs text-slate-700';
const AbortReasonSchema = AbortBodySchema.pick({ reason: true });

/** The canary's share of visitors, typed as a whole per cent (1-99) and checked by the payload's schema. */
export function ShareForm({
  name,
  busy,
  percent,
  share,
}: CanaryFormProps & { percent: number; share: ReturnType<typeof useChangeCanaryShare> }) {
  const stepUp = useStepUp();
  const form = useForm<{ percent: string }, unknown, { percent: number }>({
    resolver: payloadResolver(ShareBodySchema, ({ percent: typed }) => ({ percent: Number(typed) })),
    values: { percent: String(percent) },
  });
  const submit = useStaffSave(form, {
    save: (body) => stepUp(() => share.mutateAsync({ remote: name, ...body })),
    saved: (body) => ({
      title: 'Share changed',
      description: `The ${name} canary now serves ${body.percent}% of visitors.`,
    }),
    failure: 'The share could not be changed. Please try again.',
  });
  const field = fieldsOf(form, { announce: false, look: 'compact', clearOnEdit: true });
  const unchanged = Number(form.watch('percent')) === percent;
  return (
    <form onSubmit={submit} noValidate aria-label={`${name} canary share`} className="flex flex-wrap items-end gap-2">
      <TextField
        label="Share of visitors (%)"
        type="number"
        min={1}
        max={99}
        step={1}
        className={`${frame} w-36`}
        {...field('percent')}
      />
      <SubmitButton
        pending={form.formState.isSubmitting}
        pendingLabel="Changing…"
        disabled={busy || unchanged}
        className={`${button} border border-slate-300`}
      >
        Change share
      </SubmitButton>
      <FormProblems errors={form.formState.errors} className="w-full" />
    </form>
  );
}

/** Aborting needs a reason, which the release history keeps: the button waits for one. */
export function AbortForm({ name, busy, abort }: CanaryFormProps & { abort: ReturnType<typeof useAbortCanary> }) {
  const stepUp = useStepUp();
  const form = useForm<{ reason: string }>({ resolver: zodResolver(AbortReasonSchema), defaultValues: { reason: '' } });
  const submit = useStaffSave(form, {
    save: ({ reason }) => stepUp(() => abort.mutateAsync({ remote: name, reason })),
    saved: () => ({ title: 'Canary aborted', description: `Everyone gets the live version of ${name} again.` }),
    failure: 'The canary could not be aborted. Please try again.',
  });
  const field = fieldsOf(form, { announce: false, look: 'compact', clearOnEdit: true });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Abort the ${name} canary`}
      className="flex flex-wrap items-end gap-2"
    >
      <TextField
        label="Reason for aborting"
        required
        maxLength={500}
        placeholder="Checkout errors on Safari"
        className={`${frame} w-64 max-w-full`}
        {...field('reason')}
      />
      <SubmitButton
        pending={form.formState.isSubmitting}
        pendingLabel="Aborting…"
        disabled={busy || form.watch('reason').trim() === ''}
        className={`${button} bg-red-700 text-white`}
      >
        Abort canary
      </SubmitButton>
      <FormProblems errors={form.formState.errors} className="w-full" />
    </form>
  );
}
