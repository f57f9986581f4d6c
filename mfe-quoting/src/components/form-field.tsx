import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { buttonClass } from './booking-link';

interface Ids {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

interface FieldFrameProps {
  label: string;
  error?: string;
  hint?: string;
  children: (ids: Ids) => ReactNode;
}

/** Label, control and error text tied together (aria-describedby, aria-invalid). */
function FieldFrame({ label, error, hint, children }: FieldFrameProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {children({ id, describedBy, invalid: Boolean(error) })}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const control = 'mt-1 w-full rounded-lg border px-3 py-2 focus:outline-none focus:ring-2 focus:ring-brand-200';

/** What ties a control to its label and error, and marks it invalid. */
const controlProps = ({ id, describedBy, invalid }: Ids, extraClass = '') => ({
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  className: `${control} ${invalid ? 'border-red-500' : 'border-slate-300 focus:border-brand-500'}${extraClass}`,
});

type Common = { label: string; error?: string; hint?: string };

export function TextField({ label, error, hint, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(ids) => <input {...controlProps(ids)} {...input} />}
    </FieldFrame>
  );
}

export function TextAreaField({ label, error, hint, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(ids) => <textarea rows={4} {...controlProps(ids)} {...input} />}
    </FieldFrame>
  );
}

export function SelectField({
  label,
  error,
  hint,
  children,
  ...input
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(ids) => (
        <select {...controlProps(ids, ' bg-white')} {...input}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

/** A SelectField's options: a "Choose one" prompt, then each value by its label. */
export function Choices<V extends string>({
  values,
  labels,
}: {
  values: readonly V[];
  labels: Readonly<Record<V, string>>;
}) {
  return (
    <>
      <option value="">Choose one</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {labels[value]}
        </option>
      ))}
    </>
  );
}

/**
 * A react-hook-form form's fields for these components: `field(name)` is the field's registration and its error
 * text, so a field reads `<TextField label="Email *" {...field('email')} />`. `clearOnEdit` clears a field's error
 * as soon as it is edited (forms checked on submit only).
 */
export function fieldsOf<T extends FieldValues>(
  { register, clearErrors, formState }: UseFormReturn<T, unknown, FieldValues>,
  { clearOnEdit = false }: { clearOnEdit?: boolean } = {},
) {
  return (name: Path<T>) => ({
    ...register(name, clearOnEdit ? { onChange: () => clearErrors(name) } : undefined),
    error: (formState.errors[name] as { message?: string } | undefined)?.message,
  });
}

/** A form's submit button: disabled and saying what is happening while the form is being sent. */
export function SubmitButton({
  pending,
  pendingLabel,
  fit = false,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  /** Full width on small screens only (forms in a page's grid), else always. */
  fit?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" disabled={pending} className={`${buttonClass.primary} w-full${fit ? ' sm:w-auto' : ''}`}>
      {pending ? pendingLabel : children}
    </button>
  );
}
