import { AGENCY_NAME } from '../content/business';
import type { CaseStudy } from '../schemas/entities';
import { clipDescription, pageTitle, type PageRecord } from './page-record';

const description = 'How we helped a New Zealand business grow with digital marketing.';

/** A page per active case study; its JSON-LD: case-studies.json-ld.ts. */
export const caseStudyPage = {
  route: {
    path: '/case-studies/:slug',
    owner: 'marketing',
    module: 'case-study-page',
    indexable: false,
    content: 'case-study',
    title: pageTitle('Case Study'),
    description,
    keywords: [],
  },
  // Titled by the study, described by its scenario (or conclusion), with its image when the site serves it.
  itemHead: (item: unknown, origin: string) => {
    const study = item as CaseStudy;
    return {
      title: `${study.title} | Case Study | ${AGENCY_NAME}`,
      description: clipDescription(study.scenario ?? study.conclusion ?? description),
      ...(study.imagePath?.startsWith('/') ? { image: origin + study.imagePath } : {}),
    };
  },
  structuredData: 'case-study',
} as const satisfies PageRecord;
