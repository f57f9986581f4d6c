import type { ReactNode } from 'react';
import { useHost } from '@agency/contracts/client';

interface Props {
  children: ReactNode;
  className?: string;
  onClick?: () => void;
}

/** The external scheduling page (runtime config), always in a new tab. */
export function BookingLink({ children, className, onClick }: Props) {
  const { config } = useHost();
  return (
    <a href={config.bookingUrl} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
      {children}
    </a>
  );
}

export const buttonClass = {
  primary:
    'inline-block rounded-lg bg-brand-600 px-6 py-3 text-center font-semibold text-white shadow hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60',
  secondary:
    'inline-block rounded-lg border-2 border-slate-900 px-6 py-3 text-center font-semibold text-slate-900 hover:bg-slate-900 hover:text-white',
  light: 'inline-block rounded-lg bg-white px-6 py-3 text-center font-semibold text-brand-700 shadow hover:bg-brand-50',
};
