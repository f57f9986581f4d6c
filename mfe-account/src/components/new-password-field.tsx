import type { ComponentProps } from 'react';
import { TextField } from '@agency/contracts/ui';
import { PasswordChecklist } from './password-checklist';

/**
 * A new password with the rules' checklist under it (registration, password change and reset); `value` is the
 * password as typed so far, which the checklist follows. Password managers offer to generate one here.
 */
export function NewPasswordField({ value, ...field }: ComponentProps<typeof TextField> & { value: string }) {
  return (
    <>
      <TextField type="password" autoComplete="new-password" {...field} />
      <PasswordChecklist password={value} />
    </>
  );
}
