import { BUSINESS } from '../content/business';
import { pageTitle, type PageRecord } from './page-record';

export const aboutPage = {
  route: {
    path: '/about-us',
    owner: 'marketing',
    module: 'about-page',
    indexable: true,
    title: pageTitle('About Us'),
    description:
      'A Te Awamutu digital marketing agency founded in 2020, helping Waikato small businesses stop being invisible online.',
    keywords: [`about ${BUSINESS.name}`, 'Te Awamutu marketing agency'],
  },
  structuredData: 'organization',
} as const satisfies PageRecord;

export const howWeWorkPage = {
  route: {
    path: '/how-we-work',
    owner: 'marketing',
    module: 'how-we-work-page',
    indexable: true,
    title: pageTitle('How We Work'),
    description:
      'See how we plan and deliver results, with example scenarios for a landscaping business and a law firm.',
    keywords: ['marketing process', 'marketing case scenarios NZ'],
  },
} as const satisfies PageRecord;
