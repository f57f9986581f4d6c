import { Field } from './field';
import { PasswordChecklist } from './password-checklist';

/** A new password with the rules' checklist under it (registration, password change and reset). */
export function NewPasswordField({
  label,
  name,
  value,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <Field
        label={label}
        name={name}
        type="password"
        autoComplete="new-password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <PasswordChecklist password={value} />
    </>
  );
}
