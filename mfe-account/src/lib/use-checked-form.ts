import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { isHttpError, serverErrorText, useHost, type ToastInput } from '@agency/contracts/client';
import { issuesByField, issuesText, serverFieldErrors } from './form-errors';

/**
 * A staff form of the dashboard: its fields are read and checked with the contracts schema before anything is
 * sent (each problem named by its field, under the form, and kept by field path in `fieldErrors` for forms that
 * show it at the field too), then saved; a saved form is cleared and toasted, a refused one shows the server's
 * words where the problems show (and its per-field `errors`, such as a taken slug, at their fields).
 */
export function useCheckedForm<T>({
  schema,
  read,
  save,
  saved,
  failure,
  root,
  tooLarge = 'This was too large for the server to accept, so it was not saved. Shorten the longest texts and try again.',
}: {
  schema: z.ZodType<T>;
  read: (form: FormData) => unknown;
  save: (data: T) => Promise<unknown>;
  saved: (data: T) => ToastInput;
  /** Shown when the call fails without the server's words. */
  failure: string;
  /** Names problems about the whole form rather than one field. */
  root?: string;
  /**
   * Said when the server (or a proxy in front of it, with a page of its own) refuses the form as too large (413):
   * what can be shortened, and by how much.
   */
  tooLarge?: string;
}) {
  const { toast } = useHost();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, string>>>({});
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = schema.safeParse(read(new FormData(form)));
    if (!parsed.success) {
      setFieldErrors(issuesByField(parsed.error));
      return setError(issuesText(parsed.error, root));
    }
    try {
      await save(parsed.data);
    } catch (e) {
      setFieldErrors(serverFieldErrors(e));
      if (isHttpError(e) && e.status === 413) return setError(tooLarge);
      return setError(serverErrorText(e, failure));
    }
    setError(null);
    setFieldErrors({});
    toast(saved(parsed.data));
    form.reset();
  }
  return { error, fieldErrors, onSubmit };
}
