/**
 * Paths of the pages made per published item, and the dashboard's. Apart from the route table on purpose: that table's initialisers
 * (titles built by a function, look-up maps) count as side effects to a minifier, so a remote that only links to
 * a case study would ship the whole table again, which the shell already loads. This module imports nothing: the
 * records (pages/) build on it.
 */

/** A URL path as the route table names it: without a trailing slash (but `/`). */
export const withoutTrailingSlash = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/** The slug of a content route's URL (`/blog/my-post` -> `my-post`). */
export const slugOfPath = (pathname: string): string => pathname.replace(/\/+$/, '').split('/').pop() ?? '';

export const blogPostPath = (slug: string) => `/blog/${slug}`;
export const caseStudyPath = (slug: string) => `/case-studies/${slug}`;

/**
 * Where in the dashboard a person is (decision 0101): its tab, and the lead (`enquiry-12`), post or client open in it, as
 * the address's query, so a reload, Back and a link return there. The lead notices' `?lead=` links are the same.
 */
export interface DashboardPlace {
  tab?: string;
  lead?: string;
  post?: number;
  /** The client open in the Clients tab (a client account's id). */
  client?: number;
}
/** The dashboard's path: its record (pages/dashboard.ts) takes it from here. */
export const DASHBOARD_PATH = '/dashboard';
const LEAD_KEY = /^(enquiry|quote|consultation|optin)-\d{1,15}$/;
const TAB = /^[a-z-]{1,20}$/;

export const dashboardPath = (place: DashboardPlace = {}): string => {
  const search = (['tab', 'lead', 'post', 'client'] as const)
    .flatMap((name) => (place[name] ? [`${name}=${encodeURIComponent(place[name])}`] : []))
    .join('&');
  return search ? `${DASHBOARD_PATH}?${search}` : DASHBOARD_PATH;
};

/** The place an address names; anything malformed is left out (the dashboard opens its first tab). */
export const dashboardPlace = (search: { get(name: string): string | null }): DashboardPlace => {
  const tab = search.get('tab') ?? '';
  const lead = search.get('lead') ?? '';
  const post = Number(search.get('post'));
  const client = Number(search.get('client'));
  return {
    ...(TAB.test(tab) ? { tab } : LEAD_KEY.test(lead) ? { tab: 'leads' } : {}),
    ...(LEAD_KEY.test(lead) ? { lead } : {}),
    ...(Number.isSafeInteger(post) && post > 0 ? { post } : {}),
    ...(Number.isSafeInteger(client) && client > 0 ? { client } : {}),
  };
};
