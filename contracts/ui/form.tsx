import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import {
  get,
  type FieldErrors,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { isHttpError } from '../client/http';
import type { FrameProps } from './field-frame';
import type { LookProps } from './fields';

/** A field's problem as its frame shows it; `name` may reach into a list ("faq.0.answer"). */
export const errorAt = (errors: FieldErrors, name: string): string | undefined =>
  (get(errors, name) as { message?: unknown } | undefined)?.message as string | undefined;

/**
 * A form's fields for the frames: `field(name)` is the field's registration and its problem, so a field reads
 * `<TextField label="Email" required {...field('email')} />`. `clearOnEdit` clears a field's problem as soon as it
 * is edited (forms checked on submit only); `announce` and `look` go to every frame (a dense staff form that sums
 * its problems up: `{ announce: false, look: 'compact' }`).
 */
export function fieldsOf<T extends FieldValues, O>(
  { register, clearErrors, formState }: UseFormReturn<T, unknown, O>,
  {
    clearOnEdit = false,
    ...frame
  }: { clearOnEdit?: boolean } & Pick<FrameProps, 'announce'> & Pick<LookProps, 'look'> = {},
) {
  return (name: Path<T>, options?: RegisterOptions<T, Path<T>>) => ({
    ...frame,
    ...register(
      name,
      clearOnEdit
        ? {
            ...options,
            onChange: (event: unknown) => {
              clearErrors(name);
              return options?.onChange?.(event);
            },
          }
        : options,
    ),
    error: errorAt(formState.errors, name),
  });
}

/**
 * Puts the per-field problems the server named in a refused write (a taken slug, an address it would not take)
 * at those fields, keyed as the gateway keys them; says whether there were any.
 */
export function showServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown): boolean {
  const fields = isHttpError(error) ? Object.entries(error.fieldErrors) : [];
  for (const [name, message] of fields) setError(name as Path<T>, { type: 'server', message });
  return fields.length > 0;
}

/**
 * A resolver for a form whose fields hold text where the payload has numbers, lists or nulls: `read` turns the
 * fields into the payload, which the contracts schema then checks and gives to the submit handler.
 */
export function payloadResolver<T extends FieldValues, P>(
  schema: z.ZodType<P>,
  read: (values: T) => unknown,
): Resolver<T, unknown, P> {
  const check = zodResolver(schema as z.ZodType<P, FieldValues>) as unknown as Resolver<FieldValues, unknown, P>;
  return (values, context, options) =>
    check(read(values) as FieldValues, context, options as never) as ReturnType<Resolver<T, unknown, P>>;
}

/**
 * A resolver that comes in a chunk of its own (with its schema and zod), fetched on first use or on `preload` (call
 * it when the visitor first reaches the form), so a page whose first load carries no zod (the sign-in pages) keeps
 * it so. If the chunk cannot be fetched, the values go on unchecked for the server to check with the same schema,
 * and the next submit tries again.
 */
export function lazyResolver<T extends FieldValues, O>(load: () => Promise<Resolver<T, unknown, O>>) {
  let loading: Promise<Resolver<T, unknown, O> | null> | undefined;
  const preload = () =>
    (loading ??= load().catch(() => {
      loading = undefined;
      return null;
    }));
  const resolver: Resolver<T, unknown, O> = async (values, context, options) => {
    const check = await preload();
    return check ? check(values, context, options) : { values: values as unknown as O, errors: {} };
  };
  return Object.assign(resolver, { preload: () => void preload() });
}

/** A form's submit button: disabled and saying what is happening while the form is being sent. */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled = false,
  className,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  /** Held back for another reason (a password that does not meet the rules yet). */
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" disabled={pending || disabled} className={className}>
      {pending ? pendingLabel : children}
    </button>
  );
}

/**
 * A form's own problem, not one field's (the server's words for a refused send, "you are offline"): said under the
 * form, once, and announced. Every form says such a problem with this, so it reads and sounds the same everywhere;
 * what a person did that worked is a toast instead (decision 0110). Nothing is drawn while there is no problem.
 */
export function FormAlert({ children, id, className = '' }: { children?: ReactNode; id?: string; className?: string }) {
  if (children === undefined || children === null || children === false || children === '') return null;
  return (
    <p id={id} role="alert" className={`rounded-lg bg-red-50 p-3 text-sm text-red-800 ${className}`}>
      {children}
    </p>
  );
}
