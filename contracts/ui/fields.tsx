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
function classOf(control: ControlProps, { look = 'roomy', controlClass: extra = '' }: LookProps = {}) {
  return [LOOKS[look], control['aria-invalid'] ? 'border-red-500' : VALID_BORDER[look], extra]
    .filter(Boolean)
    .join(' ');
}

type Field<Attributes> = FrameProps & LookProps & Omit<Attributes, keyof FrameProps | 'children'>;

/** A field's props apart: what its frame says, how its control looks, and the control's own attributes. */
function parts<A>({ id, label, hint, error, required, announce, className, look, controlClass, ...control }: Field<A>) {
  return { frame: { id, label, hint, error, required, announce, className }, look: { look, controlClass }, control };
}

export function TextField(props: Field<InputHTMLAttributes<HTMLInputElement>>) {
  const { frame, look, control: input } = parts(props);
  return (
    <FieldFrame {...frame}>
      {(control) => <input {...control} className={classOf(control, look)} {...input} />}
    </FieldFrame>
  );
}

export function TextAreaField(props: Field<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const { frame, look, control: input } = parts(props);
  return (
    <FieldFrame {...frame}>
      {(control) => <textarea rows={4} {...control} className={classOf(control, look)} {...input} />}
    </FieldFrame>
  );
}

export function SelectField({
  children,
  ...props
}: Field<SelectHTMLAttributes<HTMLSelectElement>> & { children: ReactNode }) {
  const { frame, look, control: input } = parts(props);
  return (
    <FieldFrame {...frame}>
      {(control) => (
        <select
          {...control}
          className={classOf(control, { ...look, controlClass: `bg-white ${look.controlClass ?? ''}` })}
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
