import { useRef } from 'react';
import { BookingLink, buttonClass } from '../../components/booking-link';
import { Testimonial } from '../../components/testimonial';
import { AudioPlayer } from './audio-player';
import { CardGrid } from '../../components/card-grid';
import { TitledSection } from '../../components/titled-section';

const SYSTEM = [
  [
    'A page built to get the call',
    'One clear offer, your real jobs and reviews, and a phone number that works on a phone.',
  ],
  ['Ads aimed at your patch', 'Google and Facebook ads shown only to people in the towns you want to work in.'],
  [
    'Follow-up that does not rely on you',
    'Every enquiry gets an instant reply and lands in one list, so none go cold.',
  ],
  ['Numbers you can trust', 'A monthly report in plain English: what it cost, how many calls, which jobs they became.'],
] as const;

/** /real-talk-thank-you: the audio itself, then the pitch for the lead system and the booking button. */
export function ThankYouPage() {
  const audio = useRef<HTMLAudioElement>(null);

  return (
    <div>
      <section className="bg-slate-900 text-white">
        <div className="mx-auto max-w-3xl px-4 py-16 text-center">
          <p className="font-semibold uppercase tracking-wide text-brand-300">You're in</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight">Your Real Talk audio is on its way</h1>
          <p className="mt-4 text-lg text-slate-300">
            We have e-mailed you a link so you can come back to it any time. No need to wait for it, though: it is right
            here.
          </p>
          <div className="mt-8 rounded-2xl bg-white p-6 text-left text-slate-900">
            <h2 className="font-semibold">Real Talk: How Waikato Tradies Get Steady Work (12 min)</h2>
            <div className="mt-4">
              <AudioPlayer ref={audio} />
            </div>
            <button
              type="button"
              className="mt-4 font-semibold text-brand-700 underline"
              onClick={() => void audio.current?.play().catch(() => undefined)}
            >
              Play the audio now
            </button>
          </div>
        </div>
      </section>

      <TitledSection id="system" title="Want us to build it for you?" className="mx-auto max-w-6xl px-4 py-16">
        <p className="mt-3 max-w-3xl text-lg text-slate-700">
          The audio shows you the system. If you would rather stay on the tools, our Local Lead Engine sets the whole
          thing up for your business in a few weeks, and hands you the keys.
        </p>
        <CardGrid items={SYSTEM} className="md:grid-cols-2" cardClassName="rounded-2xl border border-slate-200 p-6" />
      </TitledSection>

      <section className="bg-brand-50 px-4 py-16">
        <Testimonial who="builder" />
      </section>

      <section className="px-4 py-16 text-center">
        <h2 className="text-3xl font-bold">Talk it through with us</h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-700">
          A free 30-minute call: we look at where your work comes from now and tell you honestly whether a lead system
          would pay for itself.
        </p>
        <BookingLink className={`${buttonClass.primary} mt-6`}>Book My Call</BookingLink>
      </section>
    </div>
  );
}
