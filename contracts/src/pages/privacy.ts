import { pageTitle, type PageRecord } from './page-record';

export const privacyPolicyPage = {
  route: {
    path: '/privacy-policy',
    owner: 'marketing',
    module: 'privacy-policy-page',
    indexable: true,
    title: pageTitle('Privacy Policy'),
    description: 'How we collect, use, store and protect your personal information.',
    keywords: ['privacy policy', 'personal information NZ'],
  },
} as const satisfies PageRecord;

export const privacyRequestPage = {
  route: {
    path: '/privacy-request',
    owner: 'marketing',
    module: 'privacy-request-page',
    // A confirmation link (`?token=`) is rendered as one on the server, not as the empty request form.
    serverQuery: ['token'],
    indexable: false,
    title: pageTitle('Your Personal Information'),
    description: 'Ask for a copy, a correction or deletion of the personal information we hold about you.',
    keywords: [],
  },
} as const satisfies PageRecord;
