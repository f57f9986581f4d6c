import { BookingLink, buttonClass, QuoteCta } from '../../components/booking-link';
import { SocialCalculator } from './social-calculator';
import type { TitledText } from '../../components/card-grid';
import { LandingBar } from '../../components/landing-bar';

const PAINS = [
  ['Posting when you remember', 'Weeks of silence tell customers you might not be open. Consistency builds trust.'],
  [
    'No time to make content',
    "You're busy running the business. Writing, designing and filming falls to the bottom of the list.",
  ],
  [
    'Likes but no leads',
    'Posts that look nice but never ask for the job. Every post should give people a reason to get in touch.',
  ],
] as const;

const BENEFITS = [
  ['Show up every week', 'A planned calendar of posts on the platforms your customers actually use.'],
  ['Local, real content', 'Your work, your team, your Waikato customers: not generic stock posts.'],
  ['Built to bring enquiries', 'Clear calls to action and offers that turn followers into bookings.'],
] as const;

const STEPS = [
  'Strategy call',
  'Content plan',
  'Create and approve',
  'Publish and engage',
  'Report and improve',
] as const;

/** What the visitor lives with, or gains: each point a bold line and its explanation. */
function Points({ items }: { items: readonly TitledText[] }) {
  return (
    <ul className="mt-4 space-y-4">
      {items.map(([title, text]) => (
        <li key={title}>
          <p className="font-semibold">{title}</p>
          <p className="text-slate-600">{text}</p>
        </li>
      ))}
    </ul>
  );
}

export function SocialMediaLandingPage() {
  return (
    <div>
      <LandingBar booking="Book a Free Call">
        <a href="#calculator" className="font-semibold text-brand-700">
          See pricing
        </a>
      </LandingBar>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Social Media That Brings in Customers</h1>
          <p className="mt-5 text-lg text-slate-700">
            We plan, create and post for you every week, so your business stays visible to local customers while you get
            on with the work.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <QuoteCta to="#calculator" className={buttonClass.primary}>
              Calculate My Price
            </QuoteCta>
            <BookingLink className={buttonClass.secondary}>Book My Strategy Call</BookingLink>
          </div>
        </div>
      </section>
      <section className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-2" aria-label="Why it matters">
        <div>
          <h2 className="text-2xl font-bold">Sound familiar?</h2>
          <Points items={PAINS} />
        </div>
        <div>
          <h2 className="text-2xl font-bold">What changes with us</h2>
          <Points items={BENEFITS} />
        </div>
      </section>
      <section className="bg-slate-50 py-12" aria-labelledby="process-heading">
        <div className="mx-auto max-w-7xl px-4">
          <h2 id="process-heading" className="text-2xl font-bold">
            Our five-step content process
          </h2>
          <ol className="mt-6 grid gap-4 sm:grid-cols-5">
            {STEPS.map((step, i) => (
              <li key={step} className="rounded-xl bg-white p-4 shadow-sm">
                <span className="text-sm font-bold text-brand-700">Step {i + 1}</span>
                <p className="font-semibold">{step}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <SocialCalculator />
      <section className="bg-slate-900 py-14 text-center text-white">
        <h2 className="text-3xl font-bold">Rather talk it through?</h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-300">
          A free 30-minute call to look at your pages and what your customers respond to.
        </p>
        <BookingLink className={`${buttonClass.light} mt-6`}>Book My Strategy Call</BookingLink>
      </section>
    </div>
  );
}
