import { pageTitle, type PageRecord } from './page-record';

/** The lead engine sales page; its JSON-LD: lead-engine-offer.json-ld.ts. */
export const leadEngineOfferPage = {
  route: {
    path: '/local-lead-engine-offer',
    owner: 'quoting',
    module: 'lead-engine-offer-page',
    indexable: true,
    title: pageTitle('Local Lead Engine for Tradies'),
    description:
      'A done-for-you lead system for Waikato tradies: website, Google profile and follow-up that turn searches into booked jobs.',
    keywords: ['tradie leads', 'lead generation Waikato', 'tradie marketing NZ'],
  },
  structuredData: 'lead-engine-offer',
} as const satisfies PageRecord;
