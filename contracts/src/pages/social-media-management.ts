import { pageTitle, type PageRecord } from './page-record';

export const socialMediaManagementPage = {
  route: {
    path: '/social-media-management',
    owner: 'quoting',
    module: 'social-media-landing-page',
    indexable: true,
    title: pageTitle('Social Media Management & Price Calculator'),
    description:
      'Consistent, local social media content for Waikato businesses. Work out your monthly price with our calculator.',
    keywords: ['social media management Waikato', 'social media pricing NZ', 'content creation Hamilton'],
  },
} as const satisfies PageRecord;
