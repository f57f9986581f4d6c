import type { FieldErrors } from 'react-hook-form';
import { SubmitButton } from '@agency/contracts/ui';
import { FormProblems } from '../lib/staff-form';

/** The foot of a three-column staff form: what stops its save, if anything, then its save button. */
export function SaveRow({ errors, pending, label }: { errors: FieldErrors; pending: boolean; label: string }) {
  return (
    <>
      <FormProblems errors={errors} className="sm:col-span-3" />
      <SubmitButton
        pending={pending}
        pendingLabel="Saving..."
        className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-60 sm:col-span-3 sm:justify-self-start"
      >
        {label}
      </SubmitButton>
    </>
  );
}
