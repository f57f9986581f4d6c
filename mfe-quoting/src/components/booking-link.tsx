import { Link } from '@agency/contracts/router';
import { ctaClickEvent, type AnalyticsEvent } from '@agency/contracts';
import { useHost } from '@agency/contracts/client';

interface Props {
  /** The button's words; they name it in the click's analytics event. */
  children: string;
  className?: string;
  /**
   * Events a click sends instead of the consultation call to action's (the call booking and a `lead`); the lead
   * engine page sends its own, valued at the offer.
   */
  events?: (button: string, page: string) => AnalyticsEvent[];
}

const consultationEvents = (button: string, page: string): AnalyticsEvent[] => [
  { name: 'call_booking_click', params: { button, page } },
  ctaClickEvent('consultation', button, page),
];

/** The external scheduling page (runtime config), always in a new tab; a click is a consultation call to action. */
export function BookingLink({ children, className, events = consultationEvents }: Props) {
  const { config, track } = useHost();
  const onClick = () => {
    for (const event of events(children, window.location.pathname)) track(event);
  };
  return (
    <a href={config.bookingUrl} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
      {children}
    </a>
  );
}

/**
 * A quote call to action ('Get Your Quote', 'Calculate My Price'): a link to a page, or to `#anchor` on this one,
 * whose click sends `initiate_checkout` with the button and page.
 */
export function QuoteCta({ children, className, to }: { children: string; className?: string; to: string }) {
  const { track } = useHost();
  const onClick = () => track(ctaClickEvent('quote', children, window.location.pathname));
  if (to.startsWith('#'))
    return (
      <a href={to} className={className} onClick={onClick}>
        {children}
      </a>
    );
  return (
    <Link to={to} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}

export const buttonClass = {
  primary:
    'inline-block rounded-lg bg-brand-600 px-6 py-3 text-center font-semibold text-white shadow hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60',
  secondary:
    'inline-block rounded-lg border-2 border-slate-900 px-6 py-3 text-center font-semibold text-slate-900 hover:bg-slate-900 hover:text-white',
  light: 'inline-block rounded-lg bg-white px-6 py-3 text-center font-semibold text-brand-700 shadow hover:bg-brand-50',
};

/** A form's submit button: full width, or (`fit`, a form in a page's grid) sized to its words from small screens up. */
export const submitClass = (fit = false) => `${buttonClass.primary} w-full${fit ? ' sm:w-auto' : ''}`;
