import { RunningTotal } from '../../components/quote-builder/running-total';
import { Link } from '@agency/contracts/router';
import { AGENCY_NAME, formatNzdWhole, WEBSITE_PACKAGE_KEYS, WEBSITE_PACKAGES } from '@agency/contracts';
import { BookingLink, buttonClass } from '../../components/booking-link';
import { CalculatorPickers } from '../../components/quote-builder/calculator-pickers';
import { PriceSummary } from '../../components/quote-builder/price-summary';
import { useQuoteOptions } from '../../components/quote-builder/use-quote-options';
import { useHost } from '@agency/contracts/client';
import { WebsiteQuoteForm } from './website-quote-form';
import { LandingBar } from '../../components/landing-bar';

const SITE_TYPES = WEBSITE_PACKAGE_KEYS.filter((k) => k !== 'landingPage');

/** The agency-supplied video about a new site when configured (WEBSITE_CALCULATOR_VIDEO_URL); until then the same in words. */
function VideoSection() {
  const { config } = useHost();
  return (
    <section className="mx-auto max-w-4xl px-4 py-16" aria-labelledby="video-heading">
      <h2 id="video-heading" className="text-3xl font-bold">
        How we build your website
      </h2>
      {config.websiteCalculatorVideoUrl ? (
        <video
          controls
          preload="none"
          className="mt-6 aspect-video w-full rounded-xl bg-black"
          src={config.websiteCalculatorVideoUrl}
          data-testid="website-video"
        >
          <track kind="captions" />
        </video>
      ) : (
        <ol className="mt-6 grid gap-6 text-slate-700 md:grid-cols-3" data-testid="website-video-text">
          <li>
            <strong className="block text-slate-900">1. A free 30-minute call.</strong> We learn what you sell, who buys
            it and what the site has to do: bring in calls, take bookings or sell online.
          </li>
          <li>
            <strong className="block text-slate-900">2. Design and build.</strong> We write the words, design the pages
            and build the site, fast on a phone and set up so Google can find it. You check everything before it goes
            live.
          </li>
          <li>
            <strong className="block text-slate-900">3. Launch and hand-over.</strong> Your site goes live on your
            domain, enquiries come straight to you, and you own it outright.
          </li>
        </ol>
      )}
    </section>
  );
}

export function WebsiteCalculatorPage() {
  const { options, breakdown, update, toggle } = useQuoteOptions({ websitePackage: 'storefront' });
  return (
    <div>
      <LandingBar booking="Book a Free Consultation">
        <Link to="/" className="font-extrabold text-brand-700">
          {AGENCY_NAME}
        </Link>
      </LandingBar>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">What Will Your New Website Cost?</h1>
          <p className="mt-5 text-lg text-slate-700">
            Straight answers, no waiting for a quote. Pick the kind of site you need, add what matters, and see the
            price instantly: one-time build cost and any monthly services, in NZD with GST shown.
          </p>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="types-heading">
        <h2 id="types-heading" className="text-2xl font-bold">
          Four kinds of website, explained
        </h2>
        <div className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
          {SITE_TYPES.map((key) => {
            const pkg = WEBSITE_PACKAGES[key];
            return (
              <article key={key} className="rounded-2xl border border-slate-200 p-5">
                <h3 className="text-lg font-bold">{pkg.name}</h3>
                <p className="text-brand-700">from {formatNzdWhole(pkg.price)}</p>
                <p className="mt-2 text-sm text-slate-600">{pkg.description}</p>
                <ul className="mt-3 list-disc pl-5 text-sm text-slate-700">
                  {pkg.includes.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </article>
            );
          })}
        </div>
        <p className="mt-6 text-slate-700">
          Only need one page for a campaign? A {WEBSITE_PACKAGES.landingPage.name} is{' '}
          {formatNzdWhole(WEBSITE_PACKAGES.landingPage.price)}. Every site is mobile-friendly, built for speed and set
          up so Google can find it.
        </p>
      </section>
      <section className="mx-auto max-w-7xl px-4 pb-16" aria-labelledby="calc-heading">
        <h2 id="calc-heading" className="text-2xl font-bold">
          Build your price
        </h2>
        <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
          <div className="space-y-6">
            <CalculatorPickers options={options} update={update} toggle={toggle} />
            <RunningTotal breakdown={breakdown} estimateId="website-quote" />
          </div>
          <aside
            id="website-quote"
            aria-label="Your website quote"
            className="scroll-mt-32 space-y-6 lg:sticky lg:top-32 lg:self-start"
          >
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg">
              <h2 className="text-xl font-bold">Your price</h2>
              <div className="mt-4">
                <PriceSummary breakdown={breakdown} />
              </div>
            </div>
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg">
              <h2 className="text-lg font-bold">Get this quote by email</h2>
              <div className="mt-3">
                <WebsiteQuoteForm options={options} breakdown={breakdown} />
              </div>
            </div>
          </aside>
        </div>
      </section>
      <section className="bg-slate-900 py-14 text-center text-white">
        <h2 className="text-3xl font-bold">Not sure which site you need?</h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-300">
          Book a free 30-minute call. We'll look at your business and tell you honestly what will bring in enquiries.
        </p>
        <BookingLink className={`${buttonClass.light} mt-6`}>Book My Strategy Call</BookingLink>
      </section>
      <VideoSection />
    </div>
  );
}
