import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { InviteSchema, ROLE_LABELS, STAFF_ROLES, type InviteInput } from '@agency/contracts';
import { fieldsOf, Options, SelectField, TextField } from '@agency/contracts/ui';
import { SaveRow } from '../../../components/save-row';
import { useStaffSave } from '../../../lib/staff-form';
import { useInviteStaff } from '../api/account-access';

/** Invites a member of staff: their account waits for them to set a password with the e-mailed link (7 days). */
export function InviteForm() {
  const invite = useInviteStaff();
  const form = useForm<InviteInput>({
    resolver: zodResolver(InviteSchema),
    defaultValues: { username: '', email: '', role: 'admin' },
  });
  const submit = useStaffSave(form, {
    save: (input) => invite.mutateAsync(input),
    saved: (input) => ({
      title: 'Invitation sent',
      description: `${input.email} has a link to set their password. It works once, within 7 days.`,
    }),
    failure: 'The invitation could not be sent. Please try again.',
  });
  const field = fieldsOf(form, { announce: false, look: 'compact' });
  return (
    <section aria-labelledby="invite-heading">
      <h3 id="invite-heading" className="mb-2 text-lg font-semibold">
        Invite staff
      </h3>
      <form onSubmit={submit} noValidate aria-label="Invite staff" className="grid gap-3 sm:grid-cols-3">
        <TextField label="Username" required autoComplete="off" {...field('username')} />
        <TextField label="E-mail" required type="email" autoComplete="off" {...field('email')} />
        <SelectField label="Role" required {...field('role')}>
          <Options values={STAFF_ROLES} labels={ROLE_LABELS} />
        </SelectField>
        <SaveRow errors={form.formState.errors} pending={form.formState.isSubmitting} label="Send invitation" />
      </form>
    </section>
  );
}
