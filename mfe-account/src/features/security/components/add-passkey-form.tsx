import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PasskeyRegistrationSchema } from '@agency/contracts';
import { useHost } from '@agency/contracts/client';
import { fieldsOf, FormAlert, showServerErrors, SubmitButton, TextField } from '@agency/contracts/ui';
import { passkeyErrorText } from '../../../lib/passkeys';
import { useStepUp } from '../../../lib/step-up';
import { useAddPasskey } from '../api/security';

const NameSchema = PasskeyRegistrationSchema.pick({ name: true });
const button = 'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50';

/**
 * Names a new passkey, then runs the device's own prompt. A name the schema refuses is said at the field; a prompt
 * the person cancelled, or a refusal by the server, is said under the form (decision 0110), and the name stays typed.
 */
export function AddPasskeyForm() {
  const { toast } = useHost();
  const stepUp = useStepUp();
  const add = useAddPasskey();
  const form = useForm<{ name: string }>({ resolver: zodResolver(NameSchema), defaultValues: { name: '' } });
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      // Asked for a fresh proof before the device's own prompt, so nobody touches their key twice.
      await stepUp(() => add.mutateAsync(name));
    } catch (failure) {
      showServerErrors(form.setError, failure);
      form.setError('root.server', {
        message: passkeyErrorText(failure, 'The passkey was not added. Please try again.'),
      });
      return;
    }
    toast({ title: 'Passkey added', description: `${name} can now sign you in.` });
    form.reset();
  });
  const field = fieldsOf(form, { clearOnEdit: true, look: 'compact' });
  return (
    <form onSubmit={submit} noValidate aria-label="Add a passkey" className="flex flex-wrap items-end gap-2">
      <TextField
        label="Passkey name"
        maxLength={60}
        placeholder="Work laptop"
        className="text-sm font-medium"
        {...field('name')}
      />
      <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Adding..." className={button}>
        Add a passkey
      </SubmitButton>
      <FormAlert className="w-full">{form.formState.errors.root?.server?.message}</FormAlert>
    </form>
  );
}
