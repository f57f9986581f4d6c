import { pageTitle } from './page-record';

/** The 404 page's head text: any path that is no page's (head.ts `notFoundHead`). */
export const notFoundRoute = {
  title: pageTitle('Page Not Found'),
  description: "Sorry, the page you're looking for doesn't exist.",
} as const;
