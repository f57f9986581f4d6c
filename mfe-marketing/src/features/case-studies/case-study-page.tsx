import { useEffect } from 'react';
import { useLocation } from '@agency/contracts/router';
import { AGENCY_NAME, slugOfPath, textLines, type CaseStudy } from '@agency/contracts';
import { useHost } from '@agency/contracts/client';
import { ownImage } from '../../components/case-studies';
import { ContentStatus } from '../../components/content-status';
import { LazyImage } from '../../components/lazy-image';
import { Breadcrumb, Section } from '../../components/layout';
import { BookingLink, buttonClass, QuoteLink } from '../../components/links';

import { usePageData } from '../../components/use-page-data';

function List({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section className="mt-10">
      <h2 className="text-2xl font-bold text-slate-900">{title}</h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-lg text-slate-700">
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** /case-studies/<slug>: one active case study (the gateway answers an unknown or inactive one 404). */
export function CaseStudyPage() {
  const state = usePageData<CaseStudy>(`case-study/${slugOfPath(useLocation().pathname)}`);
  const host = useHost();
  const study = state.status === 'ready' ? state.data : null;
  useEffect(() => {
    if (study)
      host.setPageHead?.({
        title: `${study.title} | Case Study | ${AGENCY_NAME}`,
        description: study.scenario ?? study.conclusion ?? '',
      });
  }, [host, study]);

  if (!study)
    return <ContentStatus state={state as Exclude<typeof state, { status: 'ready' }>} missing="Case study not found" />;
  const image = ownImage(study.imagePath);
  return (
    <>
      <article className="mx-auto max-w-4xl px-4 py-10">
        <Breadcrumb trail={[['Home', '/'], ['Services', '/services'], [study.title]]} />
        {study.category && (
          <p className="mt-8 text-sm font-semibold uppercase tracking-wide text-brand-700">{study.category}</p>
        )}
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900">{study.title}</h1>
        {image && <LazyImage url={image} alt="" aspect="18 / 5" priority className="mt-8 rounded-2xl" />}
        {study.scenario && (
          <section className="mt-10">
            <h2 className="text-2xl font-bold text-slate-900">The Scenario</h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">{study.scenario}</p>
          </section>
        )}
        <List title="The Challenges" items={textLines(study.challenges)} />
        <List title="What We Did" items={textLines(study.strategies)} />
        <List title="The Results" items={textLines(study.results)} />
        {study.conclusion && (
          <section className="mt-10">
            <h2 className="text-2xl font-bold text-slate-900">Conclusion</h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">{study.conclusion}</p>
          </section>
        )}
      </article>
      <Section
        tone="dark"
        title="Want Results Like These?"
        intro="Book a free 30-minute strategy call, or price a package yourself."
      >
        <div className="flex flex-col gap-4 sm:flex-row">
          <BookingLink source={`case-study-${study.slug}`} className={buttonClass.light} />
          <QuoteLink className={buttonClass.outlineLight} />
        </div>
      </Section>
    </>
  );
}
