import { useId, type ReactNode } from 'react';

/** What a frame says about its field. */
export interface FrameProps {
  /** The control's id, where something else points at it; otherwise the frame makes one. */
  id?: string;
  /** The field's whole name; the frame adds " *" when it is required, so the name says so too. */
  label: ReactNode;
  /** Said under the control, e.g. what an empty value means or how many characters are left. */
  hint?: ReactNode;
  /** The field's problem: the form's own check or the server's words. */
  error?: string | undefined;
  required?: boolean;
  /**
   * Announce the problem as it appears (role=alert): on by default, since a problem appears after a submit the
   * visitor made. Off in a form that announces one summary of its problems instead.
   */
  announce?: boolean;
  /** Classes of the frame itself (its place in the form's grid). */
  className?: string;
}

/** What ties the one control in a frame to its label, hint and problem; spread it onto the control. */
export interface ControlProps {
  id: string;
  required: boolean;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/**
 * What every frame says about its field: the field's name (marked " *" when required), its hint and problem, and
 * the ids that tie them to what they describe.
 */
function useFrame({ id: given, label, hint, error, required = false, announce = true }: FrameProps) {
  const made = useId();
  const id = given ?? made;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return {
    id,
    required,
    describedBy: [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined,
    name: (
      <>
        {label}
        {required && ' *'}
      </>
    ),
    notes: (
      <>
        {hint && (
          <div id={hintId} className="mt-1 text-xs text-slate-500">
            {hint}
          </div>
        )}
        {error && (
          <p id={errorId} role={announce ? 'alert' : undefined} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </>
    ),
  };
}

const labelClass = 'block text-sm font-medium text-slate-800';

/**
 * One field: its label, its control, then its hint and problem, tied to the control (aria-describedby,
 * aria-invalid) so a screen reader reads them with it. They sit outside the label, which stays the field's name.
 */
export function FieldFrame({
  className,
  children,
  ...field
}: FrameProps & { children: (control: ControlProps) => ReactNode }) {
  const { id, required, describedBy, name, notes } = useFrame(field);
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {name}
      </label>
      {children({ id, required, 'aria-describedby': describedBy, 'aria-invalid': field.error ? true : undefined })}
      {notes}
    </div>
  );
}

/**
 * A group of check boxes or radio buttons with one name (its legend), one hint and one problem for the group,
 * tied to the group rather than repeated at each choice.
 */
export function FieldsetFrame({ className, children, ...group }: FrameProps & { children: ReactNode }) {
  const { describedBy, name, notes } = useFrame(group);
  return (
    <fieldset className={className} aria-describedby={describedBy}>
      <legend className={labelClass}>{name}</legend>
      {children}
      {notes}
    </fieldset>
  );
}
