import type { LucideIcon } from 'lucide-react';
import MapPin from 'lucide-react/icons/map-pin';
import Megaphone from 'lucide-react/icons/megaphone';
import Monitor from 'lucide-react/icons/monitor';
import Search from 'lucide-react/icons/search';
import Smartphone from 'lucide-react/icons/smartphone';
import Target from 'lucide-react/icons/target';
import { Link } from '@agency/contracts/router';
import { SERVICES, type ServiceSlug } from '@agency/contracts';
import { Breadcrumb, Section } from '../../components/layout';
import { CaseStudiesSection } from '../../components/case-studies';
import { BookingLink, buttonClass, QuoteLink } from '../../components/links';
import { ServicePackages } from './service-packages';

/** Each service's picture beside its name (decorative: the name says it). */
const ICONS: Record<ServiceSlug, LucideIcon> = {
  'web-development': Monitor,
  'seo-optimization': Search,
  'social-media-management': Smartphone,
  'google-ads': Target,
  'meta-ads': Megaphone,
  'social-media-gbp-optimization': MapPin,
};

function ServiceIcon({ slug }: { slug: ServiceSlug }) {
  const Icon = ICONS[slug];
  return <Icon aria-hidden="true" className="h-8 w-8 text-brand-600" strokeWidth={1.75} />;
}

export function ServicesPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <Breadcrumb trail={[['Home', '/'], ['Services']]} />
          <h1 className="mt-8 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">Our Services</h1>
          <p className="mt-6 max-w-3xl text-lg text-slate-700">
            Everything a Waikato small business needs to be found, trusted and chosen online. Start with the one that
            fixes your biggest leak; add the rest when it is paying for itself.
          </p>
        </div>
      </section>
      <Section>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map((s) => (
            <li key={s.slug}>
              <Link
                to={`/services/${s.slug}`}
                className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
              >
                <ServiceIcon slug={s.slug} />
                <h2 className="mt-3 text-xl font-semibold text-slate-900">{s.name}</h2>
                <p className="mt-1 font-medium text-brand-700">{s.tagline}</p>
                <p className="mt-3 flex-1 text-slate-700">{s.summary}</p>
                <span className="mt-4 font-semibold text-brand-700">Learn more →</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <ServicePackages />
      <CaseStudiesSection />
      <Section
        tone="dark"
        title="Not Sure Where to Start?"
        intro="Book a free 30-minute strategy call and we'll tell you honestly what will make the biggest difference, or price a package yourself."
      >
        <div className="flex flex-col gap-4 sm:flex-row">
          <BookingLink source="services" className={buttonClass.light} />
          <QuoteLink className={buttonClass.outlineLight}>Open the Price Calculator</QuoteLink>
        </div>
      </Section>
    </>
  );
}
