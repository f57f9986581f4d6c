import { pageTitle, type PageRecord } from './page-record';

export const customQuotePage = {
  route: {
    path: '/custom-quote',
    owner: 'quoting',
    module: 'custom-quote-page',
    indexable: true,
    title: pageTitle('Request Your Custom Quote'),
    description: 'Send us your package and business details and get a detailed quote within 24 hours.',
    keywords: ['custom marketing quote', 'website quote NZ'],
  },
} as const satisfies PageRecord;
