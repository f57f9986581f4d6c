import { pageTitle, type PageRecord } from './page-record';

/** The FAQ page; its JSON-LD: faq.json-ld.ts. */
export const faqPage = {
  route: {
    path: '/faq',
    owner: 'marketing',
    module: 'faq-page',
    indexable: true,
    title: pageTitle('Frequently Asked Questions'),
    description: 'Answers about our services, pricing, website builds and digital marketing for Waikato businesses.',
    keywords: ['marketing FAQ', 'website cost questions NZ'],
  },
  structuredData: 'faq',
} as const satisfies PageRecord;
