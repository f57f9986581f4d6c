import { Link } from '@agency/contracts/router';
import { caseStudyPath, type CaseStudy } from '@agency/contracts';
import { LazyImage } from './lazy-image';
import { Section } from './layout';
import { usePageData } from './use-page-data';

/** An image staff gave a case study: only a path on this site (an upload), never another site's. */
export const ownImage = (path: string | null | undefined) =>
  path?.startsWith('/') && !path.startsWith('//') ? path : undefined;

function CaseStudyCard({ study }: { study: CaseStudy }) {
  const image = ownImage(study.imagePath);
  return (
    <li>
      <Link
        to={caseStudyPath(study.slug)}
        className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
      >
        {image && <LazyImage url={image} alt="" aspect="16 / 9" />}
        <span className="flex flex-1 flex-col p-6">
          {study.category && (
            <span className="text-xs font-semibold uppercase tracking-wide text-brand-700">{study.category}</span>
          )}
          <span className="mt-2 text-xl font-semibold text-slate-900">{study.title}</span>
          {study.scenario && <span className="mt-3 line-clamp-3 flex-1 text-slate-700">{study.scenario}</span>}
          <span className="mt-4 font-semibold text-brand-700">Read the case study →</span>
        </span>
      </Link>
    </li>
  );
}

/**
 * The active case studies, in their sort order (at most `limit`): nothing at all while there are none, so a page
 * never shows an empty heading.
 */
export function CaseStudiesSection({ limit, tone = 'white' }: { limit?: number; tone?: 'white' | 'tint' }) {
  const state = usePageData<{ items: CaseStudy[] }>('case-studies');
  const studies = state.status === 'ready' ? state.data.items.slice(0, limit) : [];
  if (studies.length === 0) return null;
  return (
    <Section
      id="case-studies"
      tone={tone}
      title="Case Studies"
      intro="Real Waikato businesses, the problem they brought us, what we did and what changed."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {studies.map((study) => (
          <CaseStudyCard key={study.id} study={study} />
        ))}
      </ul>
    </Section>
  );
}
