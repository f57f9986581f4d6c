import { pageTitle, type PageRecord } from './page-record';

/** The spec names both paths for the same sign-in page. */
export const signInPages = (['/auth', '/login'] as const).map(
  (path) =>
    ({
      route: {
        path,
        owner: 'account',
        module: 'auth-page',
        indexable: false,
        title: pageTitle('Client Login'),
        description: 'Sign in to your client dashboard to see your reports and files.',
        keywords: [],
      },
    }) as const satisfies PageRecord,
);

export const resetPasswordPage = {
  route: {
    path: '/reset-password',
    owner: 'account',
    module: 'reset-password-page',
    // A link without its token shows its message in the server's HTML, not after hydration (decision 0072).
    serverQuery: ['token', 'invite'],
    indexable: false,
    title: pageTitle('Reset Your Password'),
    description: 'Choose a new password for your client account.',
    keywords: [],
  },
} as const satisfies PageRecord;
