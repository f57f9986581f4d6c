import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useHost } from '../../host-context';

/** Spec: the hero fades in 100 ms after mount. */
const FADE_IN_DELAY_MS = 100;

export function HomeHero() {
  const { config } = useHost();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), FADE_IN_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <section
      className={`bg-gradient-to-b from-brand-50 to-white transition-opacity duration-700 ${visible ? 'opacity-100' : 'opacity-0'}`}
      data-testid="home-hero"
    >
      <div className="mx-auto max-w-5xl px-4 py-20 text-center sm:py-28">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          Stop Losing Clients to Competitors Who Simply Look Better Online
        </h1>
        <p className="mt-6 text-xl font-medium text-brand-700">
          Websites, SEO and social media that help Waikato businesses get found, trusted and chosen.
        </p>
        <p className="mx-auto mt-6 max-w-3xl text-lg text-slate-700">
          Most local customers check you out online before they ever pick up the phone. If your website is slow, your
          Google profile is thin or your social pages have gone quiet, they call someone else. We help tradies,
          professional services, hospitality and retail businesses in Te Awamutu, Hamilton and Cambridge fix that, with
          clear pricing and no jargon.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-4 sm:flex-row">
          <Link
            to="/price-calculator"
            className="rounded-lg bg-brand-600 px-6 py-3 text-lg font-semibold text-white shadow hover:bg-brand-700"
          >
            Create My Online Quote
          </Link>
          <a
            href={config.bookingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-lg border-2 border-slate-900 px-6 py-3 text-lg font-semibold text-slate-900 hover:bg-slate-900 hover:text-white"
          >
            Book My Strategy Call
          </a>
        </div>
      </div>
    </section>
  );
}
