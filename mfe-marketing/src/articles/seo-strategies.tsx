import { SEO_TACTICS } from '@agency/contracts';
import { BlogLink, H, P } from './prose';

export function SeoStrategiesArticle() {
  return (
    <>
      <P>
        Search engine optimisation sounds technical, but for a local business most of it comes down to telling Google
        clearly who you are, what you do and where, and then proving it with a good website and happy customers. These
        ten tactics are the order we work through with our own clients.
      </P>
      <H>The ten tactics</H>
      <ol className="mt-4 space-y-4 text-slate-700">
        {SEO_TACTICS.map((t, i) => (
          <li key={t.name} className="flex gap-4">
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
              {i + 1}
            </span>
            <div>
              <strong className="text-slate-900">{t.name}.</strong> {t.text}
            </div>
          </li>
        ))}
      </ol>
      <H>Where to start</H>
      <P>
        If you only do one thing this month, make it the first: a complete, active Google Business Profile. Our{' '}
        <BlogLink to="google-business-profile">Google Business Profile guide</BlogLink> walks through it step by step.
      </P>
      <H>What to expect</H>
      <P>
        SEO compounds. The first changes can move your map-pack position within weeks, but expect 3 to 6 months before
        the results show clearly in your enquiries. The businesses that win are the ones that keep going every month.
      </P>
    </>
  );
}
