import { useEffect, useRef } from 'react';
import type { FieldErrors, FieldValues, UseFormReturn } from 'react-hook-form';
import { isHttpError, serverErrorText, useHost, type ToastInput } from '@agency/contracts/client';
import { FormAlert, showServerErrors } from '@agency/contracts/ui';
import { problemsText } from './form-errors';
import { isOffline } from './use-draft';

/**
 * The submit handler of a dashboard staff form (its fields already checked by the contracts schema): saves, then
 * toasts and starts the form afresh (or from `after`'s values: the item as saved, to stay on it); a refused save
 * keeps what was typed, shows the server's words as the form's problem and its per-field problems (a taken slug)
 * at their fields. Offline, it says so and saves again once the connection is back.
 */
export function useStaffSave<V extends FieldValues, P, R = unknown>(
  form: UseFormReturn<V, unknown, P>,
  {
    save,
    saved,
    after,
    failure,
    offline = 'You are offline, so this was not saved yet. It is saved as soon as the connection is back; your changes stay on this page meanwhile.',
    tooLarge = 'This was too large for the server to accept, so it was not saved. Shorten the longest texts and try again.',
  }: {
    save: (data: P) => Promise<R>;
    saved: (data: P) => ToastInput;
    /** The values the form holds after a save (the item as now stored); none: it starts afresh. */
    after?: (result: R) => V | undefined;
    /** Said when the save could not reach the server. */
    offline?: string;
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
  const retry = useRef<(() => void) | undefined>(undefined);
  useEffect(
    () => () => {
      if (retry.current) window.removeEventListener('online', retry.current);
    },
    [],
  );
  const submit = form.handleSubmit(async (data) => {
    let result: R;
    try {
      result = await save(data);
    } catch (error) {
      if (isOffline(error)) {
        form.setError('root.server', { message: offline });
        if (!retry.current) {
          retry.current = () => {
            retry.current = undefined;
            void submit();
          };
          window.addEventListener('online', retry.current, { once: true });
        }
        return;
      }
      showServerErrors(form.setError, error);
      const message = isHttpError(error) && error.status === 413 ? tooLarge : serverErrorText(error, failure);
      form.setError('root.server', { message });
      return;
    }
    toast(saved(data));
    form.reset(after?.(result));
  });
  return submit;
}

/** What stops a staff form's save, said once under it (its fields show their own part without announcing it). */
export function FormProblems({ errors, className = '' }: { errors: FieldErrors; className?: string }) {
  return <FormAlert className={className}>{problemsText(errors)}</FormAlert>;
}
