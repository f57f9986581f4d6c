import Eye from 'lucide-react/icons/eye';
import Lightbulb from 'lucide-react/icons/lightbulb';
import TrendingUp from 'lucide-react/icons/trending-up';
import { BUSINESS } from '@agency/contracts';
import { Card, Section } from '../../components/layout';
import { BookingLink, buttonClass, QuoteLink } from '../../components/links';
import { LazyImage } from '../../components/lazy-image';
import { useHost } from '@agency/contracts/client';

export function AboutPage() {
  const { config } = useHost();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 lg:grid-cols-2">
          <div>
            <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              We Help Good Local Businesses Get Seen
            </h1>
            <p className="mt-6 text-lg text-slate-700">
              {BUSINESS.name} is a small digital marketing team in Te Awamutu. We build websites, run SEO, social media
              and ads for Waikato businesses, and we measure everything by one thing: whether your phone rings more.
            </p>
            <div className="mt-8">
              <BookingLink source="about-hero">Schedule a Call</BookingLink>
            </div>
          </div>
          {config.aboutVideoUrl ? (
            <video
              controls
              preload="none"
              className="aspect-video w-full rounded-2xl bg-black shadow-lg"
              src={config.aboutVideoUrl}
              aria-label="Meet the team"
            >
              <track kind="captions" />
            </video>
          ) : (
            <LazyImage
              image="about-te-awamutu"
              alt="Illustration of Te Awamutu's main street and hills"
              className="rounded-2xl shadow-lg"
              priority
              sizes="(min-width: 1024px) 50vw, 100vw"
            />
          )}
        </div>
      </section>
      <Section
        title="Started in Te Awamutu"
        intro={
          <>
            <p>
              We started in {BUSINESS.foundingYear} after watching too many excellent local tradies, cafes and practices
              lose work to competitors who simply looked better online. Big-city agencies were too expensive and too
              slow; do-it-yourself website builders left owners with one more job they did not have time for.
            </p>
            <p className="mt-4">
              So we built the agency we wished those businesses had: local, plain-spoken, priced in the open, and judged
              on results. Most of our clients are within {BUSINESS.serviceRadiusKm} km of Te Awamutu, from Hamilton to
              Cambridge, and we are happy to meet over a coffee.
            </p>
          </>
        }
      />
      <Section title="What We Stand For" tone="tint">
        <div className="grid gap-6 md:grid-cols-3">
          <Card title="Transparency" icon={Eye}>
            Prices are on our website, reports are in plain English and you own everything we build for you.
          </Card>
          <Card title="Results" icon={TrendingUp}>
            We track calls, forms and sales, not likes, and we change course when something is not working.
          </Card>
          <Card title="Innovation" icon={Lightbulb}>
            AI chatbots, automation and new ad formats, used where they save you time or earn you money, never for show.
          </Card>
        </div>
      </Section>
      <Section
        tone="dark"
        title="Ready to stop being invisible?"
        intro="Book a free fix-it session and we'll show you the three changes that would bring you the most enquiries."
      >
        <div className="flex flex-col gap-4 sm:flex-row">
          <BookingLink source="about-closing" className={buttonClass.light}>
            Book Your Fix-It Session
          </BookingLink>
          <QuoteLink className={buttonClass.outlineLight} />
        </div>
      </Section>
    </>
  );
}
