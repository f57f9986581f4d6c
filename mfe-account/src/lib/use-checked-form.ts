import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { serverErrorText, useHost, type ToastInput } from '@agency/contracts/client';
import { issuesText } from './form-errors';

/**
 * A staff form of the dashboard: its fields are read and checked with the contracts schema before anything is
 * sent (each problem named by its field, under the form), then saved; a saved form is cleared and toasted, a
 * refused one shows the server's words where the problems show.
 */
export function useCheckedForm<T>({
  schema,
  read,
  save,
  saved,
  failure,
  root,
}: {
  schema: z.ZodType<T>;
  read: (form: FormData) => unknown;
  save: (data: T) => Promise<unknown>;
  saved: (data: T) => ToastInput;
  /** Shown when the call fails without the server's words. */
  failure: string;
  /** Names problems about the whole form rather than one field. */
  root?: string;
}) {
  const { toast } = useHost();
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = schema.safeParse(read(new FormData(form)));
    if (!parsed.success) return setError(issuesText(parsed.error, root));
    try {
      await save(parsed.data);
    } catch (e) {
      return setError(serverErrorText(e, failure));
    }
    setError(null);
    toast(saved(parsed.data));
    form.reset();
  }
  return { error, onSubmit };
}
