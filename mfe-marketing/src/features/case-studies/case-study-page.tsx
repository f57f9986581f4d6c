import { useLocation } from '@agency/contracts/router';
import { slugOfPath } from '@agency/contracts';
import { CaseStudyStory, ownImage } from '../../components/case-studies';
import { ContentStatus } from '../../components/content-status';
import { LazyImage } from '../../components/lazy-image';
import { Breadcrumb, Section } from '../../components/layout';
import { BookingLink, buttonClass, QuoteLink } from '../../components/links';
import { usePageData } from '../../components/use-page-data';

/** /case-studies/<slug>: one active case study (the gateway answers an unknown or inactive one 404). */
export function CaseStudyPage() {
  const state = usePageData(`case-study/${slugOfPath(useLocation().pathname)}`);
  const study = state.status === 'ready' ? state.data : null;

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
        {image && <LazyImage url={image} alt={study.imageAlt} aspect="18 / 5" priority className="mt-8 rounded-2xl" />}
        <CaseStudyStory study={study} headings="h2" />
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
