import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FieldFrame, type ControlProps, type FrameProps } from './field-frame';

/**
 * How a control looks: `roomy` on the public pages and the sign-in card, `compact` in the dashboard's dense staff
 * forms. `controlClass` adds to it (a monospaced slug, an upper-case code).
 */
export interface LookProps {
  look?: 'roomy' | 'compact';
  controlClass?: string;
}

const LOOKS = {
  roomy: 'mt-1 w-full rounded-lg border px-3 py-2 focus:ring-2 focus:ring-brand-200 focus:outline-none',
  compact: 'mt-1 w-full rounded border px-2 py-1',
};
const VALID_BORDER = { roomy: 'border-slate-300 focus:border-brand-500', compact: '' };

/** The control's own classes: its look, red-bordered while it has a problem. */
export function controlClass(control: ControlProps, { look = 'roomy', controlClass: extra = '' }: LookProps = {}) {
  return [LOOKS[look], control['aria-invalid'] ? 'border-red-500' : VALID_BORDER[look], extra]
    .filter(Boolean)
    .join(' ');
}

type Field<Attributes> = FrameProps & LookProps & Omit<Attributes, keyof FrameProps | 'children'>;

export function TextField({
  id,
  label,
  hint,
  error,
  required,
  announce,
  className,
  look,
  controlClass: extra,
  ...input
}: Field<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <FieldFrame {...{ id, label, hint, error, required, announce, className }}>
      {(control) => <input {...control} className={controlClass(control, { look, controlClass: extra })} {...input} />}
    </FieldFrame>
  );
}

export function TextAreaField({
  id,
  label,
  hint,
  error,
  required,
  announce,
  className,
  look,
  controlClass: extra,
  ...input
}: Field<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <FieldFrame {...{ id, label, hint, error, required, announce, className }}>
      {(control) => (
        <textarea rows={4} {...control} className={controlClass(control, { look, controlClass: extra })} {...input} />
      )}
    </FieldFrame>
  );
}

export function SelectField({
  id,
  label,
  hint,
  error,
  required,
  announce,
  className,
  look,
  controlClass: extra,
  children,
  ...input
}: Field<SelectHTMLAttributes<HTMLSelectElement>> & { children: ReactNode }) {
  return (
    <FieldFrame {...{ id, label, hint, error, required, announce, className }}>
      {(control) => (
        <select
          {...control}
          className={controlClass(control, { look, controlClass: `bg-white ${extra ?? ''}` })}
          {...input}
        >
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

/** A select's options: each value by its label (the value itself where `labels` has none), after `prompt` if given. */
export function Options<V extends string>({
  values,
  labels,
  prompt,
}: {
  values: readonly V[];
  labels?: Readonly<Partial<Record<V, string>>>;
  /** A first, empty choice ("Choose one") for a select that may be left unanswered. */
  prompt?: string;
}) {
  return (
    <>
      {prompt !== undefined && <option value="">{prompt}</option>}
      {values.map((value) => (
        <option key={value} value={value}>
          {labels?.[value] ?? value}
        </option>
      ))}
    </>
  );
}
