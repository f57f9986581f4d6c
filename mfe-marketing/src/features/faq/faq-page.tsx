import { Link } from '@agency/contracts/router';
import { FAQ_CATEGORIES } from '@agency/contracts';
import { FaqAccordion } from '../../components/faq-accordion';
import { Breadcrumb, Section } from '../../components/layout';
import { BookingLink, buttonClass, QuoteLink } from '../../components/links';
import { useHashScroll } from '../../components/use-hash-scroll';

export function FaqPage() {
  useHashScroll();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-4xl px-4 py-16">
          <Breadcrumb trail={[['Home', '/'], ['FAQ']]} />
          <h1 className="mt-8 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Frequently Asked Questions
          </h1>
          <p className="mt-6 text-lg text-slate-700">
            Straight answers about what we do, what it costs and how long it takes.
          </p>
          <nav aria-label="Quick Navigation" className="mt-8">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Quick Navigation</h2>
            <ul className="mt-3 flex flex-wrap gap-3">
              {FAQ_CATEGORIES.map((c) => (
                <li key={c.id}>
                  <a
                    href={`#${c.id}`}
                    className="inline-block rounded-full border border-brand-200 bg-white px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
                  >
                    {c.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>
      <div className="mx-auto max-w-4xl space-y-12 px-4 py-12">
        {FAQ_CATEGORIES.map((c) => (
          <section key={c.id} id={c.id} aria-labelledby={`${c.id}-title`} className="scroll-mt-24">
            <h2 id={`${c.id}-title`} className="mb-4 text-2xl font-bold text-slate-900">
              {c.title}
            </h2>
            <FaqAccordion entries={c.entries} idPrefix={c.id} />
          </section>
        ))}
      </div>
      <Section
        tone="dark"
        title="Still Have Questions?"
        intro="Talk it through on a free 30-minute call, or send us your details for a custom quote."
      >
        <div className="flex flex-col gap-4 sm:flex-row">
          <BookingLink source="faq" className={buttonClass.light} />
          <QuoteLink to="/custom-quote" className={buttonClass.outlineLight} />
        </div>
      </Section>
      <Section title="Related Information">
        <ul className="grid gap-4 sm:grid-cols-3">
          {(
            [
              ['/services', 'Our Services', 'Everything we offer, in one place.'],
              ['/how-we-work', 'How We Work', 'Our process and two worked examples.'],
              ['/about-us', 'About Us', 'Who we are and what we stand for.'],
            ] as const
          ).map(([to, title, text]) => (
            <li key={to}>
              <Link
                to={to}
                className="block h-full rounded-xl border border-slate-200 p-5 hover:border-brand-300 hover:bg-brand-50"
              >
                <span className="font-semibold text-brand-700">{title} →</span>
                <span className="mt-1 block text-slate-700">{text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
