/**
 * Paths of the pages made per published item. Apart from the route table on purpose: that table's initialisers
 * (titles built by a function, look-up maps) count as side effects to a minifier, so a remote that only links to
 * a case study would ship the whole table again, which the shell already loads.
 */

/** A URL path as the route table names it: without a trailing slash (but `/`). */
export const withoutTrailingSlash = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/** The slug of a content route's URL (`/blog/my-post` -> `my-post`). */
export const slugOfPath = (pathname: string): string => pathname.replace(/\/+$/, '').split('/').pop() ?? '';

export const blogPostPath = (slug: string) => `/blog/${slug}`;
export const caseStudyPath = (slug: string) => `/case-studies/${slug}`;
