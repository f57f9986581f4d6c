import type { CaseStudy } from '../schemas/entities';
import { breadcrumbJsonLd, CONTEXT, home, logoOf, organizationNode, type JsonLd, type JsonLdBuilders } from './json-ld';

function caseStudyJsonLd(origin: string, path: string, study: CaseStudy | undefined): JsonLd[] {
  if (!study) return [];
  return [
    {
      '@context': CONTEXT,
      '@type': 'Article',
      headline: study.title,
      ...(study.scenario ? { description: study.scenario } : {}),
      ...(study.category ? { articleSection: study.category } : {}),
      image: study.imagePath?.startsWith('/') ? `${origin}${study.imagePath}` : logoOf(origin).url,
      author: organizationNode(origin),
      publisher: organizationNode(origin),
      url: `${origin}${path}`,
    },
    breadcrumbJsonLd(origin, [home, ['Services', '/services'], [study.title, path]]),
  ];
}

/** A case study's page (case-studies.ts): the study as an article, and its breadcrumb. */
export const caseStudiesJsonLd = {
  'case-study': (origin, path, _data, study) => caseStudyJsonLd(origin, path, study as CaseStudy | undefined),
} satisfies JsonLdBuilders<'case-study'>;
