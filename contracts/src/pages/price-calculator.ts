import { pageTitle, type PageRecord } from './page-record';

export const priceCalculatorPage = {
  route: {
    path: '/price-calculator',
    owner: 'quoting',
    module: 'price-calculator-page',
    indexable: true,
    title: pageTitle('Instant Price Calculator'),
    description:
      'Build your package: website, chatbot, social media, SEO and Meta ads. See one-time and monthly prices instantly, in NZD.',
    keywords: ['marketing price calculator', 'website and SEO cost NZ', 'digital marketing packages Waikato'],
  },
} as const satisfies PageRecord;
