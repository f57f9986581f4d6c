import { useEffect } from 'react';
import { formatNzdWhole, LEAD_ENGINE_OFFER, TRACKING_CURRENCY, type AnalyticsEvent } from '@agency/contracts';
import { BookingLink, buttonClass } from '../../components/booking-link';
import { Testimonial } from '../../components/testimonial';
import { useHost } from '@agency/contracts/client';
import { FAQ, INCLUDED, PROBLEMS, STEPS } from './offer-content';
import { CardGrid } from '../../components/card-grid';
import { TitledSection } from '../../components/titled-section';

const { price, normalPrice } = LEAD_ENGINE_OFFER;
/** The spec describes the offer as 60% off; the exact saving is 61.6%, so say "over" the round figure. */
const savingPercentFloor = Math.floor(((normalPrice - price) / normalPrice) * 10) * 10;
const trackingValue = { currency: TRACKING_CURRENCY, value: price, content_name: 'Local Lead Engine' };

/**
 * Discovery call button: opens the booking calendar and records the click at the offer's tracking value
 * (leads-and-quoting §9: "The ads discovery call is valued at 2495 NZD in tracking"), as the start of buying it.
 */
function CallButton({ light = false, where }: { light?: boolean; where: string }) {
  const events = (button: string, page: string): AnalyticsEvent[] => [
    { name: 'call_booking_click', params: { ...trackingValue, source: where, button, page } },
    { name: 'initiate_checkout', params: { ...trackingValue, source: where, button, page } },
  ];
  return (
    <BookingLink className={light ? buttonClass.light : buttonClass.primary} events={events}>
      Book My Free Discovery Call
    </BookingLink>
  );
}

/** /local-lead-engine-offer: the long sales page for the done-for-you lead system (leads-and-quoting §2, §4). */
export function LeadEngineOfferPage() {
  const { track } = useHost();

  useEffect(() => {
    track({ name: 'view_content', params: trackingValue });
  }, [track]);

  return (
    <div>
      <section className="bg-slate-900 text-white">
        <div className="mx-auto max-w-4xl px-4 py-20 text-center">
          <p className="font-semibold uppercase tracking-wide text-brand-300">For Waikato tradies</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">
            The Local Lead Engine: Steady Jobs Without Chasing Them
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-300">
            A done-for-you system that puts your business in front of homeowners in your area when they are ready to
            hire, and turns their clicks into phone calls. Built in weeks, owned by you, with no monthly fees.
          </p>
          <div className="mt-8">
            <CallButton where="hero" />
          </div>
        </div>
      </section>

      <TitledSection
        id="problem"
        title="Great at the work. Tired of hunting for it."
        className="mx-auto max-w-6xl px-4 py-16"
      >
        <CardGrid items={PROBLEMS} className="md:grid-cols-3" cardClassName="rounded-2xl bg-slate-50 p-6" />
      </TitledSection>

      <section className="bg-brand-50 px-4 py-16">
        <Testimonial who="electrician" />
      </section>

      <TitledSection id="included" title="What we build for you" className="mx-auto max-w-6xl px-4 py-16">
        <CardGrid
          items={INCLUDED}
          className="md:grid-cols-2 lg:grid-cols-3"
          cardClassName="rounded-2xl border border-slate-200 p-6"
          list
        />
      </TitledSection>

      <TitledSection id="steps" title="How it works" className="bg-slate-50 py-16" inner="mx-auto max-w-6xl px-4">
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {STEPS.map(([title, text], i) => (
            <li key={title} className="rounded-2xl bg-white p-6 shadow-sm">
              <span className="text-sm font-bold text-brand-700">Step {i + 1}</span>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
      </TitledSection>

      <TitledSection id="price" title="Early-client price" className="mx-auto max-w-3xl px-4 py-16 text-center">
        <p className="mt-3 text-slate-700">
          We are taking on a handful of Waikato trades at this price while we add more case studies.
        </p>
        <div className="mt-8 rounded-2xl border-2 border-brand-600 p-8" data-testid="offer-price">
          <p className="text-lg text-slate-500">
            Normally <s data-testid="normal-price">{formatNzdWhole(normalPrice)} + GST</s>
          </p>
          <p className="mt-2 text-5xl font-extrabold text-slate-900">
            <span data-testid="early-price">{formatNzdWhole(price)}</span>{' '}
            <span className="text-2xl font-semibold">+ GST</span>
          </p>
          <p className="mt-2 font-semibold text-brand-700">
            Over {savingPercentFloor}% off. One-off setup, no monthly fees.
          </p>
        </div>
      </TitledSection>

      <TitledSection
        id="faq"
        title="Questions tradies ask"
        className="bg-slate-50 py-16"
        inner="mx-auto max-w-3xl px-4"
      >
        <dl className="mt-8 space-y-6">
          {FAQ.map(([q, a]) => (
            <div key={q}>
              <dt className="font-semibold">{q}</dt>
              <dd className="mt-1 text-slate-600">{a}</dd>
            </div>
          ))}
        </dl>
      </TitledSection>

      <section id="cta-form" className="bg-slate-900 py-20 text-center text-white" aria-labelledby="cta-heading">
        <h2 id="cta-heading" className="text-3xl font-bold">
          Find out if it fits your business
        </h2>
        <p className="mx-auto mt-3 max-w-2xl px-4 text-slate-300">
          Book a free 30-minute discovery call. We will look at your area, your trade and your goals and tell you
          straight whether the Local Lead Engine will pay for itself.
        </p>
        <div className="mt-8">
          <CallButton light where="cta-form" />
        </div>
      </section>
    </div>
  );
}
