import { pageTitle, type PageRecord } from './page-record';

/** The Real Talk audio's sign-up page. */
export const realTalkOptInPage = {
  route: {
    path: '/real-talk-opt-in',
    owner: 'quoting',
    module: 'opt-in-page',
    indexable: true,
    title: pageTitle('Free Audio: Real Talk on Getting Found Online'),
    description:
      'A free 12-minute audio for Waikato business owners on why customers are not finding you online and what to fix first.',
    keywords: ['free marketing audio', 'small business marketing tips NZ'],
  },
} as const satisfies PageRecord;

/** Where the sign-up leads. */
export const realTalkThankYouPage = {
  route: {
    path: '/real-talk-thank-you',
    owner: 'quoting',
    module: 'opt-in-thank-you-page',
    indexable: false,
    title: pageTitle('Your Free Audio Is On Its Way'),
    description: 'Thanks for signing up. Listen to the Real Talk audio now.',
    keywords: [],
  },
} as const satisfies PageRecord;
