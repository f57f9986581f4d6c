import Briefcase from 'lucide-react/icons/briefcase';
import CalendarCheck from 'lucide-react/icons/calendar-check';
import Coffee from 'lucide-react/icons/coffee';
import Leaf from 'lucide-react/icons/leaf';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import Wrench from 'lucide-react/icons/wrench';
import { Cards, Section, Steps } from '../../components/layout';
import { useHost } from '@agency/contracts/client';

const PAINS = [
  [
    'Invisible on Google',
    'You are great at what you do, but when locals search for it your competitors show up first. We fix your profile, pages and reviews so you appear where people look.',
  ],
  [
    'A website that leaks leads',
    'A slow or dated site sends visitors back to the search results. We build fast, clear sites that make calling or booking the obvious next step.',
  ],
  [
    'Social media that stalls',
    'Posting when you remember means posting rarely. We plan, write and publish for you, so your pages stay active without eating your evenings.',
  ],
  [
    'Marketing you cannot measure',
    'If you cannot see what each dollar brings in, you cannot decide what to keep. You get a plain-English monthly report of calls, forms and sales.',
  ],
] as const;

const AUDIENCES = [
  [
    'Professional Services',
    'Accountants, lawyers, advisers and clinics who need to look as trustworthy online as they are in person.',
    Briefcase,
  ],
  [
    'Tradies',
    'Builders, plumbers, electricians and sparkies who want the phone ringing with the right jobs, not tyre-kickers.',
    Wrench,
  ],
  [
    'Service Businesses',
    'Cleaners, mechanics, groomers and studios who live on bookings and repeat customers.',
    CalendarCheck,
  ],
  [
    'Landscaping & Outdoor',
    'Landscapers and garden designers whose best sales tool is a gallery of finished work.',
    Leaf,
  ],
  [
    'Hospitality & Accommodation',
    'Cafes, restaurants, motels and B&Bs who need full tables and rooms in the quiet months too.',
    Coffee,
  ],
  [
    'Retail & E-commerce',
    'Shops that want locals through the door and an online store that sells while they sleep.',
    ShoppingBag,
  ],
] as const;

export function ProblemStatement() {
  return (
    <Section
      title="Your Customers Are Searching. Are They Finding You?"
      intro={
        <>
          <p>
            Nine out of ten people look a business up online before they contact it. They compare reviews, glance at
            your website on their phone and check whether you look active. It takes them seconds to decide.
          </p>
          <p className="mt-4">
            When your online presence does not reflect the quality of your work, you lose those customers quietly,
            without ever knowing they were there. That is the gap we close.
          </p>
        </>
      }
    />
  );
}

/** The agency-supplied explainer video when configured; until then the same story in words. */
export function ExplainerSection() {
  const { config } = useHost();
  return (
    <Section tone="dark" title="How We Turn Searches Into Customers">
      {config.explainerVideoUrl ? (
        <video
          controls
          preload="none"
          className="aspect-video w-full rounded-xl bg-black"
          src={config.explainerVideoUrl}
        >
          <track kind="captions" />
        </video>
      ) : (
        <div className="grid gap-6 text-slate-200 md:grid-cols-3">
          <p>
            <strong className="text-white">Found.</strong> Someone in Hamilton searches for what you do. Your Google
            profile, with fresh photos and strong reviews, is near the top.
          </p>
          <p>
            <strong className="text-white">Trusted.</strong> They tap through to a fast website that answers their
            questions and shows your best work in seconds.
          </p>
          <p>
            <strong className="text-white">Chosen.</strong> One tap to call, book or ask for a quote, and you get the
            enquiry with everything you need to reply.
          </p>
        </div>
      )}
    </Section>
  );
}

export function PainsSolved() {
  return (
    <Section title="The Problems We Solve" tone="tint">
      <Cards items={PAINS} className="sm:grid-cols-2" />
    </Section>
  );
}

export function Audiences() {
  return (
    <Section title="Who We Help" intro="Small businesses across the Waikato, especially:">
      <Cards items={AUDIENCES} className="sm:grid-cols-2 lg:grid-cols-3" />
    </Section>
  );
}

export function Process() {
  return (
    <Section title="Three Simple Steps" tone="tint">
      <Steps
        steps={[
          [
            'Chat for free',
            'A 30-minute call about your business, your customers and what is not working. No obligation and no jargon.',
          ],
          ['Get a plan', 'A clear plan with fixed prices, showing what we will do first and what it should bring in.'],
          [
            'See results',
            'We do the work and report every month, so you can see the calls, bookings and sales it earns.',
          ],
        ]}
      />
    </Section>
  );
}
