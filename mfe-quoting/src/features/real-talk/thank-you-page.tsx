import { useEffect, useRef, useState } from 'react';
import { endpoints } from '@agency/contracts';
import { call, useHost } from '@agency/contracts/client';
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

/**
 * Where the audio is: the operator's file (runtime config), else the one staff uploaded, asked of the API; null
 * while there is none, undefined while asking, 'failed' when the question could not be answered.
 */
function useAudioUrl(): string | null | undefined | 'failed' {
  const { config } = useHost();
  const [url, setUrl] = useState<string | null | undefined | 'failed'>(config.audioUrl);
  useEffect(() => {
    if (config.audioUrl) return;
    let live = true;
    call(endpoints.realTalkAudio)
      .then((answer) => live && setUrl(answer.url))
      .catch(() => live && setUrl('failed'));
    return () => {
      live = false;
    };
  }, [config.audioUrl]);
  return url;
}

/** The player, or what stands in its place: a note that the audio follows by e-mail, never a 0:00 player. */
function Listen() {
  const audio = useRef<HTMLAudioElement>(null);
  const { config } = useHost();
  const url = useAudioUrl();
  if (url === undefined) return <p className="mt-4 text-slate-600">Loading the audio...</p>;
  if (url === null)
    return (
      <p role="status" className="mt-4 rounded-lg bg-brand-50 p-4 text-slate-800">
        The audio is on its way to your inbox: we are putting the finishing touches on it and will e-mail you the link
        the moment it is ready. Keep an eye out for an e-mail from us (and check your spam folder).
      </p>
    );
  if (url === 'failed')
    return (
      <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        The audio will not load right now. The link in your e-mail works too, or write to{' '}
        <a className="underline" href={`mailto:${config.supportEmail}`}>
          {config.supportEmail}
        </a>{' '}
        and we will send it another way.
      </p>
    );
  return (
    <>
      <div className="mt-4">
        <AudioPlayer src={url} ref={audio} />
      </div>
      <button
        type="button"
        className="mt-4 font-semibold text-brand-700 underline"
        onClick={() => void audio.current?.play().catch(() => undefined)}
      >
        Play the audio now
      </button>
    </>
  );
}

/** /real-talk-thank-you: the audio itself, then the pitch for the lead system and the booking button. */
export function ThankYouPage() {
  return (
    <div>
      <section className="bg-slate-900 text-white">
        <div className="mx-auto max-w-3xl px-4 py-16 text-center">
          <p className="font-semibold uppercase tracking-wide text-brand-300">You're in</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight">Your Real Talk audio is on its way</h1>
          <p className="mt-4 text-lg text-slate-300">
            Check your inbox: we e-mail you the link so you can come back to it any time.
          </p>
          <div className="mt-8 rounded-2xl bg-white p-6 text-left text-slate-900">
            <h2 className="font-semibold">Real Talk: How Waikato Tradies Get Steady Work (12 min)</h2>
            <Listen />
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
