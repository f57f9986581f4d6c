import { Link } from '@agency/contracts/router';
import { AGENCY_NAME } from '@agency/contracts';
import { StandaloneArticle } from './standalone-article';

const NAV = [
  ['/', 'Home'],
  ['/services', 'Services'],
  ['/about-us', 'About'],
  ['/how-we-work', 'How We Work'],
  ['/contact', 'Contact'],
] as const;

/** The stand-alone Google Business Profile guide: its own article header, then the same article as /blog. */
export function GbpArticlePage() {
  return (
    <>
      <div className="border-b border-slate-200 bg-brand-50">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-4 px-4 py-4">
          <Link to="/" className="text-lg font-extrabold text-brand-700">
            {AGENCY_NAME}
          </Link>
          <nav aria-label="Article">
            <ul className="flex flex-wrap gap-4 text-sm font-medium text-slate-700">
              {NAV.map(([to, label]) => (
                <li key={to}>
                  <Link to={to} className="hover:text-brand-700">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      <div className="mx-auto max-w-4xl px-4 py-10">
        <Link to="/" className="text-sm font-medium text-brand-700 hover:underline">
          ← Back to home
        </Link>
        <StandaloneArticle path="/google-business-profile-waikato">
          {(article) => <div className="mt-6">{article}</div>}
        </StandaloneArticle>
      </div>
    </>
  );
}
