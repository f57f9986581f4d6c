import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SecondFactorCodeSchema, type SecondFactorCodeInput } from '@agency/contracts';
import { serverErrorText, useHost } from '@agency/contracts/client';
import { fieldsOf, showServerErrors, TextField } from '@agency/contracts/ui';
import { PendingButton } from './pending-button';

/**
 * One code: six digits from the authenticator app, or a recovery code. `send` calls the gateway; a refusal shows
 * under the field and in a toast titled `failureTitle`.
 */
export function CodeForm({
  label = 'Authentication code',
  submitLabel,
  failureTitle,
  send,
  wide = true,
}: {
  label?: string;
  submitLabel: string;
  failureTitle: string;
  send: (code: string) => Promise<unknown>;
  wide?: boolean;
}) {
  const { toast } = useHost();
  const form = useForm<SecondFactorCodeInput>({
    resolver: zodResolver(SecondFactorCodeSchema),
    defaultValues: { code: '' },
  });
  const field = fieldsOf(form);
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await send(code);
    } catch (error) {
      showServerErrors(form.setError, error);
      toast({ variant: 'destructive', title: failureTitle, description: serverErrorText(error, 'Please try again') });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={submitLabel}>
      <TextField label={label} autoComplete="one-time-code" inputMode="text" autoFocus {...field('code')} />
      <PendingButton pending={form.formState.isSubmitting} pendingLabel="Checking..." wide={wide}>
        {submitLabel}
      </PendingButton>
    </form>
  );
}
