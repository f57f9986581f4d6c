import type { ReactNode } from 'react';
import { Link } from '@agency/contracts/router';
import { caseStudyPath, type CaseStudy } from '@agency/contracts';
import { LazyImage } from './lazy-image';
import { Section } from './layout';
import { usePageData } from './use-page-data';

/** An image staff gave a case study: only a path on this site (an upload), never another site's (`//`, `/\`). */
export const ownImage = (path: string | null | undefined) => (path && /^\/(?![/\\])/.test(path) ? path : undefined);

/**
 * Text of a case study's free-form lists (strategies, results): arrays as they are, older objects as "key: value".
 * Here rather than beside the schemas: importing a function from a module that builds zod schemas would bring zod
 * into the home page's code.
 */
function textLines(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter((s) => s.trim() !== '');
  if (value && typeof value === 'object') return Object.entries(value).map(([k, v]) => `${k}: ${String(v)}`);
  return typeof value === 'string' && value.trim() ? [value] : [];
}

type Heading = 'h2' | 'h4';
const headingClass = { h2: 'text-2xl font-bold', h4: 'text-lg font-semibold' } as const;

function Part({ title, as: H, children }: { title: string; as: Heading; children: ReactNode }) {
  return (
    <section className={H === 'h2' ? 'mt-10' : 'mt-6'}>
      <H className={`${headingClass[H]} text-slate-900`}>{title}</H>
      {children}
    </section>
  );
}

function Lines({ title, items, as }: { title: string; items: string[]; as: Heading }) {
  if (items.length === 0) return null;
  return (
    <Part title={title} as={as}>
      <ul className={`mt-3 list-disc space-y-2 pl-5 text-slate-700 ${as === 'h2' ? 'text-lg' : ''}`}>
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </Part>
  );
}

/**
 * A case study's story: scenario, challenges, what we did, results and conclusion. Its own page heads the parts
 * with h2; /services, where each study is already under an h3, with h4.
 */
export function CaseStudyStory({ study, headings }: { study: CaseStudy; headings: Heading }) {
  const text = `mt-3 leading-relaxed text-slate-700 ${headings === 'h2' ? 'text-lg' : ''}`;
  return (
    <>
      {study.scenario && (
        <Part title="The Scenario" as={headings}>
          <p className={text}>{study.scenario}</p>
        </Part>
      )}
      <Lines title="The Challenges" items={textLines(study.challenges)} as={headings} />
      <Lines title="What We Did" items={textLines(study.strategies)} as={headings} />
      <Lines title="The Results" items={textLines(study.results)} as={headings} />
      {study.conclusion && (
        <Part title="Conclusion" as={headings}>
          <p className={text}>{study.conclusion}</p>
        </Part>
      )}
    </>
  );
}

function CaseStudyCard({ study }: { study: CaseStudy }) {
  const image = ownImage(study.imagePath);
  return (
    <li>
      <Link
        to={caseStudyPath(study.slug)}
        className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
      >
        {image && <LazyImage url={image} alt={study.imageAlt} aspect="16 / 9" />}
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

/** The whole study, for /services: every part staff wrote, and a link to its own page. */
function CaseStudyArticle({ study }: { study: CaseStudy }) {
  const image = ownImage(study.imagePath);
  return (
    <li>
      <article
        aria-labelledby={`case-study-${study.id}`}
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        {image && <LazyImage url={image} alt={study.imageAlt} aspect="18 / 5" />}
        <div className="p-6 sm:p-8">
          {study.category && (
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{study.category}</p>
          )}
          <h3 id={`case-study-${study.id}`} className="mt-2 text-2xl font-bold text-slate-900">
            {study.title}
          </h3>
          <CaseStudyStory study={study} headings="h4" />
          <Link to={caseStudyPath(study.slug)} className="mt-6 inline-block font-semibold text-brand-700 underline">
            Read the {study.title} case study →
          </Link>
        </div>
      </article>
    </li>
  );
}

/**
 * The active case studies, in their sort order: at most `limit` as cards (the home page), or each whole (/services).
 * Nothing at all while there are none, so a page never shows an empty heading.
 */
export function CaseStudiesSection({ limit, tone = 'white' }: { limit?: number; tone?: 'white' | 'tint' }) {
  const state = usePageData('case-studies');
  const studies = state.status === 'ready' ? state.data.items.slice(0, limit) : [];
  if (studies.length === 0) return null;
  return (
    <Section
      id="case-studies"
      tone={tone}
      title="Case Studies"
      intro="Real Waikato businesses, the problem they brought us, what we did and what changed."
    >
      {limit === undefined ? (
        <ul className="space-y-8">
          {studies.map((study) => (
            <CaseStudyArticle key={study.id} study={study} />
          ))}
        </ul>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {studies.map((study) => (
            <CaseStudyCard key={study.id} study={study} />
          ))}
        </ul>
      )}
    </Section>
  );
}
