import type { ReactNode } from 'react';
import { Link } from '@agency/contracts/router';
import type { RoutePath } from '@agency/contracts';
import { useHost } from '@agency/contracts/client';

export const buttonClass = {
  primary:
    'inline-flex items-center justify-center rounded-lg bg-brand-600 px-6 py-3 text-center font-semibold text-white shadow hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
  secondary:
    'inline-flex items-center justify-center rounded-lg border-2 border-slate-900 px-6 py-3 text-center font-semibold text-slate-900 hover:bg-slate-900 hover:text-white',
  light:
    'inline-flex items-center justify-center rounded-lg bg-white px-6 py-3 text-center font-semibold text-brand-700 shadow hover:bg-brand-50',
  outlineLight:
    'inline-flex items-center justify-center rounded-lg border-2 border-white px-6 py-3 text-center font-semibold text-white hover:bg-white hover:text-slate-900',
};

interface BookingProps {
  children?: ReactNode;
  className?: string;
  /** Where on the site the click happened (page or block), for the conversion report. */
  source: string;
  /** Service the visitor was reading about, when there is one. */
  service?: string;
}

/** The external scheduling page in a new tab; every click counts as a consultation lead. */
export function BookingLink({
  children = 'Book My Strategy Call',
  className = buttonClass.primary,
  source,
  service,
}: BookingProps) {
  const { config, track } = useHost();
  const onClick = () => {
    track({ name: 'call_booking_click', params: { source, service } });
    track({ name: 'schedule', params: { source, service } });
  };
  return (
    <a href={config.bookingUrl} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** A typed internal link: a misspelt path fails the type check, not the visitor. */
export function PageLink({
  to,
  hash,
  children,
  className,
}: {
  to: RoutePath;
  hash?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Link to={hash ? `${to}#${hash}` : to} className={className}>
      {children}
    </Link>
  );
}

export function QuoteLink({
  children = 'Get Your Quote',
  className = buttonClass.secondary,
  to = '/price-calculator',
}: {
  children?: ReactNode;
  className?: string;
  to?: '/price-calculator' | '/custom-quote';
}) {
  const { track } = useHost();
  return (
    <Link to={to} className={className} onClick={() => track({ name: 'initiate_checkout', params: { source: to } })}>
      {children}
    </Link>
  );
}
