import type { ReactNode } from 'react';

/**
 * The primary submit button of the account forms: it says what is happening while its call runs (the spec's
 * 'Authenticating...') and stays disabled until then, or while `disabled` (rules not met yet).
 */
export function PendingButton({
  pending,
  pendingLabel,
  disabled = false,
  wide = true,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  disabled?: boolean;
  /** Full width (the sign-in card) or sized to its words (the dashboard). */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      disabled={pending || disabled}
      className={`${wide ? 'w-full' : 'px-6'} rounded-lg bg-brand-600 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60`}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}
