import { Field } from './field';
import { PasswordChecklist } from './password-checklist';

interface PasswordFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The browser's hint: the password in use, or a new one (which password managers offer to generate). */
  autoComplete?: 'current-password' | 'new-password';
}

/** A password typed into the page's state. */
export function PasswordField({ onChange, autoComplete = 'new-password', ...field }: PasswordFieldProps) {
  return <Field type="password" autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} {...field} />;
}

/** A new password with the rules' checklist under it (registration, password change and reset). */
export function NewPasswordField(props: Omit<PasswordFieldProps, 'autoComplete'>) {
  return (
    <>
      <PasswordField {...props} />
      <PasswordChecklist password={props.value} />
    </>
  );
}
