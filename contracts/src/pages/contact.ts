import { pageTitle, type PageRecord } from './page-record';

/** The contact page; its JSON-LD: contact.json-ld.ts. */
export const contactPage = {
  route: {
    path: '/contact',
    owner: 'marketing',
    module: 'contact-page',
    indexable: true,
    title: pageTitle('Contact Us'),
    description: 'Talk to a Waikato digital marketing team. Based in Te Awamutu, open Monday to Friday 9am to 5pm.',
    keywords: ['contact marketing agency Waikato', 'Te Awamutu'],
  },
  structuredData: 'contact',
} as const satisfies PageRecord;
