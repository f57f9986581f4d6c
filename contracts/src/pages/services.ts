import { SERVICES } from '../content/services';
import { pageTitle, type PageRecord } from './page-record';

/** The services overview; its JSON-LD and each service page's: services.json-ld.ts. */
export const servicesPage = {
  route: {
    path: '/services',
    owner: 'marketing',
    module: 'services-page',
    indexable: true,
    title: pageTitle('Our Services'),
    description:
      'Website design, SEO, social media management, Google Ads, Meta ads and Google Business Profile optimisation for Waikato businesses.',
    keywords: ['digital marketing services', 'Waikato marketing agency', 'small business marketing NZ'],
  },
  lists: ['service-packages', 'case-studies'],
  structuredData: 'services',
} as const satisfies PageRecord;

/** One page per service of the services content, under the same name everywhere. */
export const servicePages = SERVICES.map(
  ({ slug, name, description, keyword }) =>
    ({
      route: {
        path: `/services/${slug}` as const,
        owner: 'marketing' as const,
        module: `service-${slug}-page` as const,
        indexable: true,
        title: pageTitle(name),
        description,
        keywords: [keyword, 'Te Awamutu', 'Hamilton'],
      },
      structuredData: 'service' as const,
    }) satisfies PageRecord,
);
