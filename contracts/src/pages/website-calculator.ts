import { pageTitle, type PageRecord } from './page-record';

export const websiteCalculatorPage = {
  route: {
    path: '/website-calculator',
    owner: 'quoting',
    module: 'website-calculator-page',
    indexable: true,
    title: pageTitle('Website Price Calculator'),
    description:
      'Price your new website in a minute: landing page, storefront, booking, membership or online store, with add-ons. NZD, excl. GST.',
    keywords: ['website cost NZ', 'website price calculator', 'small business website Waikato'],
  },
} as const satisfies PageRecord;
