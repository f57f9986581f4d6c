import { BookingLink, buttonClass, QuoteLink } from '../../components/links';
import { LazyImage } from '../../components/lazy-image';

/**
 * Spec: the hero fades in after 100 ms. A CSS animation (`hero-fade-in` in styles.css: 100 ms delay, 700 ms),
 * so it runs from the first paint of server-rendered HTML instead of waiting for the page's code to arrive, and
 * not at all for visitors who ask for reduced motion.
 */
export function HomeHero() {
  return (
    <section
      className="bg-gradient-to-b from-brand-50 to-white motion-safe:animate-hero-fade-in"
      data-testid="home-hero"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:py-24 lg:grid-cols-2">
        <div>
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Stop Losing Clients to Competitors Who Simply Look Better Online
          </h1>
          <p className="mt-6 text-xl font-medium text-brand-700">
            Websites, SEO and social media that help Waikato businesses get found, trusted and chosen.
          </p>
          <p className="mt-6 text-lg text-slate-700">
            Most local customers check you out online before they ever pick up the phone. If your website is slow, your
            Google profile is thin or your social pages have gone quiet, they call someone else. We help tradies,
            professional services, hospitality and retail businesses in Te Awamutu, Hamilton and Cambridge fix that,
            with clear pricing and no jargon.
          </p>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <QuoteLink className={`${buttonClass.primary} text-lg`}>Create My Online Quote</QuoteLink>
            <BookingLink source="home-hero" className={`${buttonClass.secondary} text-lg`} />
          </div>
        </div>
        <LazyImage
          image="home-meeting"
          alt="Two business owners reviewing their website results on a laptop"
          sizes="(min-width: 1024px) 50vw, 100vw"
          className="rounded-2xl shadow-lg"
          priority
        />
      </div>
    </section>
  );
}
