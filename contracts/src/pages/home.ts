import { pageTitle, type PageRecord } from './page-record';

export const homePage = {
  route: {
    path: '/',
    owner: 'marketing',
    module: 'home-page',
    indexable: true,
    title: pageTitle('Websites, SEO & Social Media for Waikato Businesses'),
    description:
      'Stop losing clients to competitors with a better online presence. Websites, SEO and social media for small businesses in Te Awamutu, Hamilton and Cambridge.',
    keywords: ['digital marketing Waikato', 'website design Te Awamutu', 'SEO Hamilton', 'social media Cambridge'],
  },
  lists: ['case-studies'],
  structuredData: 'organization',
} as const satisfies PageRecord;
