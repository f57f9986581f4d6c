import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

/** The dashboard's compact controls; without a `className` a Field has the sign-in card's roomier look. */
export const compactInputClass = 'mt-1 w-full rounded border px-2 py-1';

interface Notes {
  /** Said under the control, e.g. what an empty value means. */
  hint?: ReactNode;
  /** The field's problem (the form's own check or the server's words). */
  error?: string | undefined;
  /** Announce the problem as it appears (a control that acts on change, with no submit to point at it). */
  alert?: boolean;
}

/**
 * A control's hint and problem, shown under it and tied to it (aria-describedby, aria-invalid), so a screen reader
 * reads them with the field. They sit outside the label: the label stays the field's whole name.
 */
export function useFieldNotes({ hint, error, alert = false }: Notes) {
  const id = useId();
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    describe: { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined },
    notes: (
      <>
        {hint && (
          <span id={`${id}-hint`} className="mt-1 block text-xs text-slate-500">
            {hint}
          </span>
        )}
        {error && (
          <span id={`${id}-error`} role={alert ? 'alert' : undefined} className="mt-1 block text-sm text-red-700">
            {error}
          </span>
        )}
      </>
    ),
  };
}

interface Props extends InputHTMLAttributes<HTMLInputElement>, Notes {
  label: string;
  name: string;
}

export function Field({ label, name, hint, error, className, ...input }: Props) {
  const { describe, notes } = useFieldNotes({ hint, error });
  return (
    <div>
      <label className="block">
        <span className="text-sm font-medium text-slate-800">{label}</span>
        <input
          id={name}
          name={name}
          required
          className={
            className ??
            'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none'
          }
          {...describe}
          {...input}
        />
      </label>
      {notes}
    </div>
  );
}

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, Notes {
  label: string;
  name: string;
}

/** A Field of several lines (the dashboard's longer texts). */
export function TextAreaField({ label, name, hint, error, className = compactInputClass, ...input }: TextAreaProps) {
  const { describe, notes } = useFieldNotes({ hint, error });
  return (
    <div className="text-sm">
      <label className="block">
        <span className="font-medium text-slate-800">{label}</span>
        <textarea name={name} rows={3} className={className} {...describe} {...input} />
      </label>
      {notes}
    </div>
  );
}
