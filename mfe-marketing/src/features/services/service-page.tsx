import { useEffect } from 'react';
import { SERVICES, type ServiceSlug } from '@agency/contracts';
import { Cards, Section, Steps } from '../../components/layout';
import { useHost } from '@agency/contracts/client';
import { LeadBlock, ScheduleOnline, ServiceHero, Warning } from './service-blocks';
import { SERVICE_CONTENT } from './service-content';

type PatternSlug = keyof typeof SERVICE_CONTENT;

/** The shared service-page pattern (breadcrumb, hero, problem, benefits, plan, warning, lead block, schedule). */
export function ServicePage({ slug }: { slug: PatternSlug }) {
  const content = SERVICE_CONTENT[slug];
  useServiceView(slug);
  return (
    <>
      <ServiceHero slug={slug} headline={content.headline} intro={content.intro} highlight={content.highlight} />
      {content.tiles && (
        <Section>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="What you get">
            {content.tiles.map(([title, text]) => (
              <li key={title} className="rounded-xl bg-slate-900 p-6 text-white">
                <h2 className="text-lg font-bold text-brand-300">{title}</h2>
                <p className="mt-2 text-slate-200">{text}</p>
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section
        title={content.problem.title}
        intro={content.problem.paragraphs.map((p) => (
          <p key={p} className="mt-3">
            {p}
          </p>
        ))}
      />
      <Section title="What You Get" tone="tint">
        <Cards items={content.benefits} className="sm:grid-cols-2" />
      </Section>
      <Section title="Your Three-Step Plan">
        <Steps steps={content.steps} />
      </Section>
      <Warning>{content.warning}</Warning>
      <LeadBlock slug={slug} />
      <ScheduleOnline slug={slug} />
    </>
  );
}

/** Service pages count as a content view for the ad platforms (site-and-accounts §7: service-page ViewContent). */
export function useServiceView(slug: ServiceSlug) {
  const { track } = useHost();
  useEffect(
    () =>
      track({
        name: 'view_content',
        params: {
          content_type: 'service',
          content_id: slug,
          content_name: SERVICES.find((s) => s.slug === slug)?.name,
        },
      }),
    [track, slug],
  );
}
