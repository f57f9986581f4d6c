import { Link } from '@agency/contracts/router';
import { ctaClickEvent } from '@agency/contracts';
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
  /** The button's words; they name it in the click's analytics event. */
  children?: string;
  className?: string;
  /** Where on the site the click happened (page or block), for the conversion report. */
  source: string;
  /** Service the visitor was reading about, when there is one. */
  service?: string;
}

/**
 * The external scheduling page in a new tab. A click is a call booking and a consultation call to action, which
 * the spec pairs with a lead (site-and-accounts §7), naming the button and the page.
 */
export function BookingLink({
  children = 'Book My Strategy Call',
  className = buttonClass.primary,
  source,
  service,
}: BookingProps) {
  const { config, track } = useHost();
  const onClick = () => {
    const page = window.location.pathname;
    track({ name: 'call_booking_click', params: { source, service, button: children, page } });
    const lead = ctaClickEvent('consultation', children, page);
    track({ ...lead, params: { ...lead.params, source, service } });
  };
  return (
    <a href={config.bookingUrl} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** A quote call to action: a checkout start (site-and-accounts §7) naming the button and the page. */
export function QuoteLink({
  children = 'Get Your Quote',
  className = buttonClass.secondary,
  to = '/price-calculator',
}: {
  children?: string;
  className?: string;
  to?: '/price-calculator' | '/custom-quote';
}) {
  const { track } = useHost();
  const onClick = () => {
    const event = ctaClickEvent('quote', children, window.location.pathname);
    track({ ...event, params: { ...event.params, destination: to } });
  };
  return (
    <Link to={to} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}

/** The line under an article's page that leads back to every other post. */
export function MoreGuides() {
  return (
    <p className="mt-10 text-slate-700">
      More guides on the{' '}
      <Link to="/blog" className="font-medium text-brand-700 underline">
        blog
      </Link>
      .
    </p>
  );
}
