import { Section, Steps } from '../../components/layout';
import { BookingLink, buttonClass } from '../../components/links';

interface Scenario {
  id: string;
  business: string;
  summary: string;
  challenges: readonly string[];
  strategy: readonly string[];
  results: readonly string[];
}

/** Worked examples of how we would approach two typical clients (illustrative, not client case studies). */
const SCENARIOS: readonly Scenario[] = [
  {
    id: 'landscaping',
    business: 'A Landscaping Business in Cambridge',
    summary:
      'A two-crew landscaping company with a great reputation by word of mouth, but an empty calendar every winter.',
    challenges: [
      'No photos of finished work online; the website was a single page with a phone number.',
      'Invisible in Google Maps for "landscaper Cambridge" and "garden design Hamilton".',
      'Enquiries arrived in spring all at once, then dried up.',
    ],
    strategy: [
      'A storefront website with a before-and-after gallery and a page for each service and town.',
      'Google Business Profile rebuilt with categories, service areas and weekly project photos.',
      'Meta ads in late winter showing spring-ready gardens to homeowners within 30 km.',
    ],
    results: [
      'A map-pack listing for the main local searches within a few months.',
      'Spring bookings made in winter, smoothing the seasonal dip.',
      'Higher-value design jobs from people who saw the gallery first.',
    ],
  },
  {
    id: 'law-firm',
    business: 'A Law Firm in Hamilton',
    summary:
      'A four-partner practice in property, family and estate law, relying on referrals and an outdated website.',
    challenges: [
      'A slow website that did not work well on phones and said little about each practice area.',
      'Larger city firms taking the top spots for searches like "wills lawyer Hamilton".',
      'No way to tell which enquiries came from the website.',
    ],
    strategy: [
      'A fast, accessible website with a clear page per practice area and plain-English guides.',
      'Local SEO and review requests after every completed matter.',
      'Tightly targeted Google Ads for high-intent searches, with call tracking.',
    ],
    results: [
      'More first-time clients finding the firm by search rather than referral only.',
      'Enquiries arriving pre-sorted by practice area, saving reception time.',
      'A monthly report showing cost per enquiry for each channel.',
    ],
  },
];

function List({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

export function HowWeWorkPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">How We Work</h1>
          <p className="mt-6 max-w-3xl text-lg text-slate-700">
            Every plan starts with the same question: where are customers looking for you, and what do they find? Here
            is how that plays out for two typical Waikato businesses.
          </p>
        </div>
      </section>
      <Section title="Our Process" tone="tint">
        <Steps
          steps={[
            [
              'Listen',
              'A free 30-minute call about your business, your best customers and what has or has not worked.',
            ],
            ['Plan', 'A written plan with fixed prices, focused on the changes that bring the most enquiries first.'],
            ['Deliver and report', 'We do the work and report monthly, so you can see what every dollar earned.'],
          ]}
        />
      </Section>
      {SCENARIOS.map((s, i) => (
        <Section
          key={s.id}
          id={s.id}
          tone={i % 2 ? 'tint' : 'white'}
          title={`Example: ${s.business}`}
          intro={s.summary}
        >
          <div className="grid gap-8 md:grid-cols-3">
            <List title="Challenges" items={s.challenges} />
            <List title="Strategy" items={s.strategy} />
            <List title="Potential results" items={s.results} />
          </div>
          <div className="mt-8">
            <BookingLink source={`how-we-work-${s.id}`} className={buttonClass.primary}>
              Book a Call About Your Business
            </BookingLink>
          </div>
        </Section>
      ))}
      <p className="mx-auto max-w-6xl px-4 pb-12 text-sm text-slate-500">
        These scenarios illustrate our approach; results depend on each business, its market and its starting point.
      </p>
    </>
  );
}
