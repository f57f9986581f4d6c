import Check from 'lucide-react/icons/check';
import X from 'lucide-react/icons/x';
import { OptInForm } from './opt-in-form';
import { CardGrid } from '../../components/card-grid';
import { TitledSection } from '../../components/titled-section';

const PAINS = [
  'You are flat out on the tools all week, then quoting at night, and the work still comes in feast-or-famine waves.',
  'You have paid for a website or "some Facebook ads" before and could not tell whether a single job came from it.',
  'Word of mouth has carried you so far, but it does not grow when you want it to, and you cannot switch it on.',
  'You keep meaning to "sort the marketing out" and it keeps sliding to next month.',
] as const;

const COVERS = [
  [
    'Why most tradie marketing fails',
    'The three places money leaks between a click and a booked job, and how to spot them in your own business.',
  ],
  [
    'The simple lead system',
    'A page, a follow-up and a way to measure it: the minimum that turns strangers into phone calls.',
  ],
  [
    'What to spend, and when',
    'How much a lead should cost in the Waikato and when ads are worth it (and when they are not).',
  ],
  ['Your next three steps', 'What to do this week with no budget, and what to hand off once the calls start.'],
] as const;

const FOR_WHO = [
  'Builders, electricians, plumbers, landscapers and other trades around Hamilton, Cambridge and Te Awamutu',
  'Owner-operators and small teams who want a steadier pipeline of the jobs they actually like',
  'Anyone who wants straight talk about marketing, not jargon',
] as const;

/** /real-talk-opt-in: the free-audio landing page with two identical sign-up forms. */
export function OptInPage() {
  return (
    <div>
      <section className="bg-slate-900 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <p className="font-semibold uppercase tracking-wide text-brand-300">Free 12-minute audio</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">
              Real Talk: How Waikato Tradies Get Steady Work Without Chasing It
            </h1>
            <p className="mt-5 text-lg text-slate-300">
              No fluff and no sales pitch in your ear: twelve minutes on what actually brings local tradies a steady
              flow of enquiries, and what is quietly wasting your money. Listen in the ute between jobs.
            </p>
          </div>
          <OptInForm id="opt-in-top" />
        </div>
      </section>

      <TitledSection id="pains" title="Sound like you?" className="mx-auto max-w-4xl px-4 py-14">
        <ul className="mt-6 space-y-3">
          {PAINS.map((pain) => (
            <li key={pain} className="flex gap-3 rounded-xl bg-slate-50 p-4 text-slate-700">
              <X aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" strokeWidth={3} />
              {pain}
            </li>
          ))}
        </ul>
      </TitledSection>

      <TitledSection
        id="covers"
        title="What the audio covers"
        className="bg-brand-50 py-14"
        inner="mx-auto max-w-6xl px-4"
      >
        <CardGrid items={COVERS} className="md:grid-cols-2" cardClassName="rounded-2xl bg-white p-6 shadow-sm" />
      </TitledSection>

      <TitledSection id="who" title="Who it is for" className="mx-auto max-w-4xl px-4 py-14">
        <ul className="mt-6 space-y-3">
          {FOR_WHO.map((who) => (
            <li key={who} className="flex gap-3 text-slate-700">
              <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-600" strokeWidth={3} />
              {who}
            </li>
          ))}
        </ul>
      </TitledSection>

      <section className="bg-slate-900 py-16 text-white" aria-labelledby="second-form-heading">
        <div className="mx-auto grid max-w-5xl items-center gap-10 px-4 md:grid-cols-2">
          <div>
            <h2 id="second-form-heading" className="text-3xl font-bold">
              Get the audio now
            </h2>
            <p className="mt-3 text-slate-300">
              Pop your first name and e-mail in and it is on its way. Listen straight away on the next page.
            </p>
          </div>
          <OptInForm id="opt-in-bottom" />
        </div>
      </section>
    </div>
  );
}
