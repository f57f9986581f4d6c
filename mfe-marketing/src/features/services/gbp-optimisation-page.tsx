import Briefcase from 'lucide-react/icons/briefcase';
import Check from 'lucide-react/icons/check';
import Wrench from 'lucide-react/icons/wrench';
import X from 'lucide-react/icons/x';
import { Card, Cards, Section, Steps } from '../../components/layout';
import { LeadBlock, ScheduleOnline, ServiceHero, Warning } from './service-blocks';
import { useServiceView } from './service-page';

const SLUG = 'social-media-gbp-optimization';

const WHY_US = [
  [
    'Google first',
    'Your Google Business Profile drives more local calls than any other free channel, so we start there.',
  ],
  [
    'Clear messaging',
    'Descriptions, services and posts that say in seconds what you do and why you are the right choice.',
  ],
  ['Local focus', 'Categories, service areas and photos tuned for Te Awamutu, Hamilton, Cambridge and your radius.'],
  [
    'All platforms',
    'Facebook, Instagram and LinkedIn brought into line with your Google profile, so every first impression matches.',
  ],
  ['One-time setup', 'A fixed-price clean-up you pay for once, with a checklist so it stays in shape.'],
] as const;

const COMPARISON = [
  ['Shows in the map pack for your main services', 'Buried below competitors with more complete profiles'],
  ['Photos of real jobs, staff and premises', 'A logo and a blurry street view'],
  ['Steady recent reviews, every one answered', 'A handful of old reviews, complaints left hanging'],
  ['Matching name, hours and phone everywhere', 'Different details on Google, Facebook and your site'],
  ['Social pages that look active and link to booking', 'Last post from two years ago'],
] as const;

/** The Google Business Profile and social optimisation page: its own sections and a with/without comparison. */
export function GbpOptimisationPage() {
  useServiceView(SLUG);
  return (
    <>
      <ServiceHero
        slug={SLUG}
        headline="Make Your First Impression Win the Click"
        intro="Before customers visit your website, they see your Google Business Profile and your social pages. We set them up so that first glance turns into a call."
      />
      <Section
        title="The Problem: Customers Judge You Before They Call"
        intro={
          <p>
            A searcher compares three or four profiles in the map pack in a few seconds. Stars, photos, recent posts and
            a clear description decide who gets the call. Most small-business profiles were set up once and never
            touched again.
          </p>
        }
      />
      <Section title="What a Poor Profile Costs You" tone="tint">
        <div className="grid gap-6 md:grid-cols-3">
          <Card title="Missed calls">
            Profiles with photos and complete details get far more calls and direction requests than bare ones.
          </Card>
          <Card title="Lower rankings">
            Google favours complete, active profiles for local searches, so a thin profile sinks below competitors.
          </Card>
          <Card title="Lost trust">
            Wrong hours, old phone numbers and unanswered reviews tell people you might not answer either.
          </Card>
        </div>
      </Section>
      <Section title="Tradies and Professionals Search Differently">
        <div className="grid gap-6 md:grid-cols-2">
          <Card title="Tradie customers" icon={Wrench}>
            Need someone now. They look at stars, distance and photos of real jobs, then tap call. Your profile must
            load your number and your best work first.
          </Card>
          <Card title="Professional services clients" icon={Briefcase}>
            Take their time. They read reviews, your description and your LinkedIn or website before enquiring. Your
            profiles must show expertise and reassurance.
          </Card>
        </div>
      </Section>
      <Section title="Why Us" tone="tint">
        <Cards items={WHY_US} className="sm:grid-cols-2 lg:grid-cols-3" />
      </Section>
      <Section title="Your Three-Step Plan">
        <Steps
          steps={[
            ['Book a free chat', 'A 30-minute call where we look at your profiles together.'],
            ['Get your optimisation', 'We rewrite, re-photograph and restructure your Google and social profiles.'],
            ['See results', 'More calls, direction requests and messages, shown in your profile insights.'],
          ]}
        />
      </Section>
      <Section title="With and Without Optimisation" tone="tint">
        {/* Focusable so keyboard users can scroll the table sideways on a phone. */}
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Comparison table">
          <table className="w-full min-w-[32rem] border-collapse overflow-hidden rounded-xl bg-white text-left">
            <thead>
              <tr className="bg-slate-900 text-white">
                <th scope="col" className="p-4">
                  With optimisation
                </th>
                <th scope="col" className="p-4">
                  Without optimisation
                </th>
              </tr>
            </thead>
            <tbody>
              {COMPARISON.map(([withIt, without]) => (
                <tr key={withIt} className="border-t border-slate-200">
                  <td className="p-4 text-green-800">
                    <span className="flex gap-2">
                      <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" strokeWidth={2.5} />
                      {withIt}
                    </span>
                  </td>
                  <td className="p-4 text-slate-600">
                    <span className="flex gap-2">
                      <X aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" strokeWidth={2.5} />
                      {without}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      <Warning>Your profile is working for or against you every day, whether you look at it or not.</Warning>
      <LeadBlock slug={SLUG} />
      <ScheduleOnline slug={SLUG} />
    </>
  );
}
