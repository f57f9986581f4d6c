import type { FieldErrors, FieldValues, UseFormReturn } from 'react-hook-form';
import { isHttpError, serverErrorText, useHost, type ToastInput } from '@agency/contracts/client';
import { showServerErrors } from '@agency/contracts/ui';
import { problemsText } from './form-errors';

/**
 * The submit handler of a dashboard staff form (its fields already checked by the contracts schema): saves, then
 * toasts and starts the form afresh; a refused save keeps what was typed, shows the server's words as the form's
 * problem and its per-field problems (a taken slug) at their fields.
 */
export function useStaffSave<V extends FieldValues, P>(
  form: UseFormReturn<V, unknown, P>,
  {
    save,
    saved,
    failure,
    tooLarge = 'This was too large for the server to accept, so it was not saved. Shorten the longest texts and try again.',
  }: {
    save: (data: P) => Promise<unknown>;
    saved: (data: P) => ToastInput;
    /** Said when the call fails without the server's words. */
    failure: string;
    /**
     * Said when the server (or a proxy in front of it, with a page of its own) refuses the form as too large (413):
     * what can be shortened, and by how much.
     */
    tooLarge?: string;
  },
) {
  const { toast } = useHost();
  return form.handleSubmit(async (data) => {
    try {
      await save(data);
    } catch (error) {
      showServerErrors(form.setError, error);
      const message = isHttpError(error) && error.status === 413 ? tooLarge : serverErrorText(error, failure);
      form.setError('root.server', { message });
      return;
    }
    toast(saved(data));
    form.reset();
  });
}

/** What stops a staff form's save, said once under it (its fields show their own part without announcing it). */
export function FormProblems({ errors, className = '' }: { errors: FieldErrors; className?: string }) {
  const text = problemsText(errors);
  return text ? (
    <p role="alert" className={`text-sm text-red-700 ${className}`}>
      {text}
    </p>
  ) : null;
}
