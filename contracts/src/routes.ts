import { withoutTrailingSlash } from './paths';
import { aboutPage, howWeWorkPage } from './pages/about';
import { ecommerceArticlePage, gbpArticlePage } from './pages/articles';
import { blogPage, blogPostPage } from './pages/blog';
import { caseStudyPage } from './pages/case-studies';
import { contactPage } from './pages/contact';
import { customQuotePage } from './pages/custom-quote';
import { dashboardPage } from './pages/dashboard';
import { faqPage } from './pages/faq';
import { homePage } from './pages/home';
import { leadEngineOfferPage } from './pages/lead-engine-offer';
import { itemKey, type PageRecord, type RouteDef } from './pages/page-record';
import { priceCalculatorPage } from './pages/price-calculator';
import { privacyPolicyPage, privacyRequestPage } from './pages/privacy';
import { realTalkOptInPage, realTalkThankYouPage } from './pages/real-talk';
import { servicePages, servicesPage } from './pages/services';
import { resetPasswordPage, signInPages } from './pages/sign-in';
import { socialMediaManagementPage } from './pages/social-media-management';
import { websiteCalculatorPage } from './pages/website-calculator';
import type { PageDataKey } from './page-data';
import { siteOfRemote, type Site } from './sites';

export type { RouteDef, RouteOwner } from './pages/page-record';
export { notFoundRoute } from './pages/not-found';

/**
 * Every page of site-and-accounts.md section 2, one record each (pages/, decision 0112), in the route table's order
 * (the sitemap's). The gateway answers 200 with the shell's HTML for these paths (404 for anything else), injects
 * the head data, and builds sitemap.xml from the indexable ones.
 */
export const pageRecords = [
  homePage,
  websiteCalculatorPage,
  socialMediaManagementPage,
  leadEngineOfferPage,
  realTalkOptInPage,
  realTalkThankYouPage,
  ...signInPages,
  resetPasswordPage,
  priceCalculatorPage,
  servicesPage,
  ...servicePages,
  aboutPage,
  howWeWorkPage,
  contactPage,
  customQuotePage,
  faqPage,
  blogPage,
  blogPostPage,
  caseStudyPage,
  gbpArticlePage,
  ecommerceArticlePage,
  privacyPolicyPage,
  privacyRequestPage,
  dashboardPage,
] as const satisfies readonly PageRecord[];

/** The route table: each record's route, in order. */
export const routes = pageRecords.map((r) => r.route);

export type RoutePath = (typeof routes)[number]['path'];

const records: readonly PageRecord[] = pageRecords;
const byPath = new Map(records.filter((r) => !r.route.content).map((r) => [r.route.path, r]));
const SLUG_SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const patterns = records.flatMap((r) =>
  r.route.content ? [{ prefix: r.route.path.slice(0, -':slug'.length), record: r }] : [],
);

/**
 * The record of the page at `pathname`: exact match after dropping a trailing slash, or a content route whose `:slug`
 * segment is a well-formed slug; unknown paths return undefined (the 404 page).
 */
export function findPageRecord(pathname: string): PageRecord | undefined {
  const normal = withoutTrailingSlash(pathname);
  const exact = byPath.get(normal);
  if (exact) return exact;
  for (const { prefix, record } of patterns) {
    if (normal.startsWith(prefix) && SLUG_SEGMENT.test(normal.slice(prefix.length))) return record;
  }
  return undefined;
}

/** The route of the page at `pathname` (see `findPageRecord`); undefined is the 404 page. */
export const findRoute = (pathname: string): RouteDef | undefined => findPageRecord(pathname)?.route;

/**
 * The key of the one item the page of `route` at `path` (without a trailing slash) is about (pages/page-record.ts
 * `itemKey`): without it the page is a 404, and its head follows it.
 */
export function pageItem(route: RouteDef, path: string): PageDataKey | undefined {
  const record = records.find((r) => r.route === route) ?? { route };
  return itemKey(record, path);
}

/** The site that serves a page (decision 0077): its route's owner's; a path that is no page (the 404) is public. */
export const siteOfRoute = (route: RouteDef | undefined): Site => (route ? siteOfRemote(route.owner) : 'public');

/** The site that serves a path, which may carry a query or a fragment. */
export const siteOfPath = (path: string): Site => siteOfRoute(findRoute(path.split(/[?#]/)[0] || '/'));

/** Typed path builder so links never carry a typo. */
export function href(path: Exclude<RoutePath, `${string}:slug`>, hash?: string): string {
  return hash ? `${path}#${hash}` : path;
}
