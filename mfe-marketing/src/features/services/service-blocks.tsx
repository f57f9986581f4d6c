import Zap from 'lucide-react/icons/zap';
import { FOLLOW_UP_PROMISE, serviceBySlug, type ServiceSlug } from '@agency/contracts';
import { Breadcrumb, Section } from '../../components/layout';
import { BookingLink, buttonClass, QuoteLink } from '../../components/links';
import { RemoteForm } from '../../components/remote-form';

export function ServiceHero({
  slug,
  headline,
  intro,
  highlight,
}: {
  slug: ServiceSlug;
  headline: string;
  intro: string;
  highlight?: string;
}) {
  const service = serviceBySlug(slug);
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <Breadcrumb trail={[['Home', '/'], ['Services', '/services'], [service.name]]} />
        <p className="mt-8 text-sm font-semibold uppercase tracking-wide text-brand-700">{service.name}</p>
        <h1 className="mt-2 max-w-4xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{headline}</h1>
        <p className="mt-6 max-w-3xl text-lg text-slate-700">{intro}</p>
        {highlight && (
          <p className="mt-6 inline-flex items-center gap-2 rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white">
            <Zap aria-hidden="true" className="h-5 w-5 text-amber-300" />
            {highlight}
          </p>
        )}
      </div>
    </section>
  );
}

export function Warning({ children }: { children: string }) {
  return (
    <Section>
      <div role="note" className="rounded-xl border-l-4 border-brand-600 bg-brand-50 p-6 text-lg text-slate-800">
        <strong className="text-brand-700">Don't wait: </strong>
        {children}
      </div>
    </Section>
  );
}

/** The lead block every service page shares: quoting's consultation form, told which service it came from. */
export function LeadBlock({ slug }: { slug: ServiceSlug }) {
  const service = serviceBySlug(slug);
  return (
    <Section
      id="consultation"
      tone="tint"
      title="Get Your Free Consultation"
      intro={`Tell us about your business and we'll contact you ${FOLLOW_UP_PROMISE}, to set up a free 30-minute chat about ${service.name.toLowerCase()}.`}
    >
      <div className="max-w-3xl rounded-2xl bg-white p-6 shadow-sm">
        <RemoteForm module="consultation-form" props={{ service: slug, serviceRequested: service.name }} />
      </div>
    </Section>
  );
}

export function ScheduleOnline({ slug }: { slug: ServiceSlug }) {
  return (
    <Section
      tone="dark"
      title="Prefer to Schedule Online?"
      intro="Pick a time that suits you for a free 30-minute strategy call, or price your package yourself in a minute."
    >
      <div className="flex flex-col gap-4 sm:flex-row">
        <BookingLink source={`service-${slug}`} service={slug} className={buttonClass.light} />
        <QuoteLink className={buttonClass.outlineLight} />
      </div>
    </Section>
  );
}
