import type { ComponentProps } from 'react';
import { SubmitButton } from '@agency/contracts/ui';

/**
 * The primary submit button of the account forms, in the account's look: it says what is happening while its form
 * is sent (the spec's 'Authenticating...') and stays disabled until then, or while `disabled` (rules not met yet).
 */
export function PendingButton({
  wide = true,
  ...button
}: Omit<ComponentProps<typeof SubmitButton>, 'className'> & {
  /** Full width (the sign-in card) or sized to its words (the dashboard). */
  wide?: boolean;
}) {
  return (
    <SubmitButton
      {...button}
      className={`${wide ? 'w-full' : 'px-6'} rounded-lg bg-brand-600 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60`}
    />
  );
}
