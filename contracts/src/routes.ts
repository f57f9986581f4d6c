import type { Role } from './constants';
import { AGENCY_NAME, BUSINESS } from './content/business';
import { SERVICES } from './content/services';
import { withoutTrailingSlash } from './paths';
import type { RemoteName } from './remotes';
import { siteOfRemote, type Site } from './sites';

/** Which independently deployed frontend renders a route. */
export type RouteOwner = RemoteName;

export interface RouteDef {
  path: string;
  owner: RouteOwner;
  /** Exposed module of the owning remote (without the leading './'), e.g. 'home-page'. */
  module: string;
  title: string;
  description: string;
  keywords: readonly string[];
  /** Roles allowed in; absent means public. */
  roles?: readonly Role[];
  /** Public, indexable page (listed in sitemap.xml). */
  indexable: boolean;
  /**
   * A page per published item (`/blog/:slug`): one pattern with one `:slug` segment. Its title and description here
   * are only fallbacks; the gateway writes the item's own head, and an unknown slug is the 404 page.
   */
  content?: 'blog-post' | 'case-study';
  /**
   * Query parameters whose presence, never their value, changes what the page shows at once: the gateway renders,
   * keeps and serves one page per set of them present (each with a placeholder value), and the page reads them with
   * `useSearchParam(name, whileHydrating, { rendered: 'by-presence' })`, so the browser's first render is the
   * server's. Absent: the page is rendered without its query.
   */
  serverQuery?: readonly string[];
}

const t = (title: string) => `${title} | ${AGENCY_NAME}`;

/**
 * Every route of site-and-accounts.md section 2. The gateway answers 200 with the shell's HTML for these
 * paths (404 for anything else), injects the head data, and builds sitemap.xml from the indexable ones.
 */
export const routes = [
  {
    path: '/',
    owner: 'marketing',
    module: 'home-page',
    indexable: true,
    title: t('Websites, SEO & Social Media for Waikato Businesses'),
    description:
      'Stop losing clients to competitors with a better online presence. Websites, SEO and social media for small businesses in Te Awamutu, Hamilton and Cambridge.',
    keywords: ['digital marketing Waikato', 'website design Te Awamutu', 'SEO Hamilton', 'social media Cambridge'],
  },
  {
    path: '/website-calculator',
    owner: 'quoting',
    module: 'website-calculator-page',
    indexable: true,
    title: t('Website Price Calculator'),
    description:
      'Price your new website in a minute: landing page, storefront, booking, membership or online store, with add-ons. NZD, excl. GST.',
    keywords: ['website cost NZ', 'website price calculator', 'small business website Waikato'],
  },
  {
    path: '/social-media-management',
    owner: 'quoting',
    module: 'social-media-landing-page',
    indexable: true,
    title: t('Social Media Management & Price Calculator'),
    description:
      'Consistent, local social media content for Waikato businesses. Work out your monthly price with our calculator.',
    keywords: ['social media management Waikato', 'social media pricing NZ', 'content creation Hamilton'],
  },
  {
    path: '/local-lead-engine-offer',
    owner: 'quoting',
    module: 'lead-engine-offer-page',
    indexable: true,
    title: t('Local Lead Engine for Tradies'),
    description:
      'A done-for-you lead system for Waikato tradies: website, Google profile and follow-up that turn searches into booked jobs.',
    keywords: ['tradie leads', 'lead generation Waikato', 'tradie marketing NZ'],
  },
  {
    path: '/real-talk-opt-in',
    owner: 'quoting',
    module: 'opt-in-page',
    indexable: true,
    title: t('Free Audio: Real Talk on Getting Found Online'),
    description:
      'A free 12-minute audio for Waikato business owners on why customers are not finding you online and what to fix first.',
    keywords: ['free marketing audio', 'small business marketing tips NZ'],
  },
  {
    path: '/real-talk-thank-you',
    owner: 'quoting',
    module: 'opt-in-thank-you-page',
    indexable: false,
    title: t('Your Free Audio Is On Its Way'),
    description: 'Thanks for signing up. Listen to the Real Talk audio now.',
    keywords: [],
  },
  // The spec names both paths for the same sign-in page.
  ...(['/auth', '/login'] as const).map((path) => ({
    path,
    owner: 'account' as const,
    module: 'auth-page',
    indexable: false,
    title: t('Client Login'),
    description: 'Sign in to your client dashboard to see your reports and files.',
    keywords: [],
  })),
  {
    path: '/reset-password',
    owner: 'account',
    module: 'reset-password-page',
    // A link without its token shows its message in the server's HTML, not after hydration (decision 0072).
    serverQuery: ['token', 'invite'],
    indexable: false,
    title: t('Reset Your Password'),
    description: 'Choose a new password for your client account.',
    keywords: [],
  },
  {
    path: '/price-calculator',
    owner: 'quoting',
    module: 'price-calculator-page',
    indexable: true,
    title: t('Instant Price Calculator'),
    description:
      'Build your package: website, chatbot, social media, SEO and Meta ads. See one-time and monthly prices instantly, in NZD.',
    keywords: ['marketing price calculator', 'website and SEO cost NZ', 'digital marketing packages Waikato'],
  },
  {
    path: '/services',
    owner: 'marketing',
    module: 'services-page',
    indexable: true,
    title: t('Our Services'),
    description:
      'Website design, SEO, social media management, Google Ads, Meta ads and Google Business Profile optimisation for Waikato businesses.',
    keywords: ['digital marketing services', 'Waikato marketing agency', 'small business marketing NZ'],
  },
  // One page per service of the services content, under the same name everywhere.
  ...SERVICES.map(({ slug, name, description, keyword }) => ({
    path: `/services/${slug}` as const,
    owner: 'marketing' as const,
    module: `service-${slug}-page` as const,
    indexable: true,
    title: t(name),
    description,
    keywords: [keyword, 'Te Awamutu', 'Hamilton'],
  })),
  {
    path: '/about-us',
    owner: 'marketing',
    module: 'about-page',
    indexable: true,
    title: t('About Us'),
    description:
      'A Te Awamutu digital marketing agency founded in 2020, helping Waikato small businesses stop being invisible online.',
    keywords: [`about ${BUSINESS.name}`, 'Te Awamutu marketing agency'],
  },
  {
    path: '/how-we-work',
    owner: 'marketing',
    module: 'how-we-work-page',
    indexable: true,
    title: t('How We Work'),
    description:
      'See how we plan and deliver results, with example scenarios for a landscaping business and a law firm.',
    keywords: ['marketing process', 'marketing case scenarios NZ'],
  },
  {
    path: '/contact',
    owner: 'marketing',
    module: 'contact-page',
    indexable: true,
    title: t('Contact Us'),
    description: 'Talk to a Waikato digital marketing team. Based in Te Awamutu, open Monday to Friday 9am to 5pm.',
    keywords: ['contact marketing agency Waikato', 'Te Awamutu'],
  },
  {
    path: '/custom-quote',
    owner: 'quoting',
    module: 'custom-quote-page',
    indexable: true,
    title: t('Request Your Custom Quote'),
    description: 'Send us your package and business details and get a detailed quote within 24 hours.',
    keywords: ['custom marketing quote', 'website quote NZ'],
  },
  {
    path: '/faq',
    owner: 'marketing',
    module: 'faq-page',
    indexable: true,
    title: t('Frequently Asked Questions'),
    description: 'Answers about our services, pricing, website builds and digital marketing for Waikato businesses.',
    keywords: ['marketing FAQ', 'website cost questions NZ'],
  },
  {
    path: '/blog',
    owner: 'marketing',
    module: 'blog-page',
    indexable: true,
    title: t('Blog: Digital Marketing for NZ Small Businesses'),
    description:
      'Practical articles on SEO, Google Business Profile, e-commerce and local marketing for New Zealand businesses.',
    keywords: ['digital marketing blog NZ', 'SEO tips', 'local business marketing'],
  },
  {
    path: '/blog/:slug',
    owner: 'marketing',
    module: 'blog-post-page',
    indexable: false,
    content: 'blog-post',
    title: t('Blog'),
    description: 'An article from our blog on digital marketing for New Zealand small businesses.',
    keywords: [],
  },
  {
    path: '/case-studies/:slug',
    owner: 'marketing',
    module: 'case-study-page',
    indexable: false,
    content: 'case-study',
    title: t('Case Study'),
    description: 'How we helped a New Zealand business grow with digital marketing.',
    keywords: [],
  },
  {
    path: '/google-business-profile-waikato',
    owner: 'marketing',
    module: 'gbp-article-page',
    indexable: true,
    title: t('Google Business Profile Guide for Waikato SMEs'),
    description: 'How Waikato small businesses can get more calls from their Google Business Profile.',
    keywords: ['Google Business Profile Waikato', 'local SEO'],
  },
  {
    path: '/ecommerce-optimization-blog',
    owner: 'marketing',
    module: 'ecommerce-article-page',
    indexable: true,
    title: t('E-commerce Optimisation Guide'),
    description: 'Practical ways to turn more online store visitors into buyers.',
    keywords: ['ecommerce optimisation NZ', 'online store conversion'],
  },
  {
    path: '/privacy-policy',
    owner: 'marketing',
    module: 'privacy-policy-page',
    indexable: true,
    title: t('Privacy Policy'),
    description: 'How we collect, use, store and protect your personal information.',
    keywords: ['privacy policy', 'personal information NZ'],
  },
  {
    path: '/privacy-request',
    owner: 'marketing',
    module: 'privacy-request-page',
    // A confirmation link (`?token=`) is rendered as one on the server, not as the empty request form.
    serverQuery: ['token'],
    indexable: false,
    title: t('Your Personal Information'),
    description: 'Ask for a copy, a correction or deletion of the personal information we hold about you.',
    keywords: [],
  },
  {
    path: '/dashboard',
    owner: 'account',
    module: 'dashboard-page',
    indexable: false,
    roles: ['client', 'admin', 'master_admin'],
    title: t('Dashboard'),
    description: 'Your client dashboard.',
    keywords: [],
  },
] as const satisfies readonly RouteDef[];

export type RoutePath = (typeof routes)[number]['path'];

export const notFoundRoute = {
  title: t('Page Not Found'),
  description: "Sorry, the page you're looking for doesn't exist.",
} as const;

const byPath = new Map<string, RouteDef>(routes.filter((r) => !('content' in r)).map((r) => [r.path, r]));
const SLUG_SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const patterns = routes.flatMap((r) =>
  'content' in r ? [{ prefix: r.path.slice(0, -':slug'.length), route: r }] : [],
);

/**
 * Exact match after dropping a trailing slash, or a content route whose `:slug` segment is a well-formed slug;
 * unknown paths return undefined (the 404 page).
 */
export function findRoute(pathname: string): RouteDef | undefined {
  const normal = withoutTrailingSlash(pathname);
  const exact = byPath.get(normal);
  if (exact) return exact;
  for (const { prefix, route } of patterns) {
    if (normal.startsWith(prefix) && SLUG_SEGMENT.test(normal.slice(prefix.length))) return route;
  }
  return undefined;
}

/** The site that serves a page (decision 0077): its route's owner's; a path that is no page (the 404) is public. */
export const siteOfRoute = (route: RouteDef | undefined): Site => (route ? siteOfRemote(route.owner) : 'public');

/** The site that serves a path, which may carry a query or a fragment. */
export const siteOfPath = (path: string): Site => siteOfRoute(findRoute(path.split(/[?#]/)[0] || '/'));

/** Typed path builder so links never carry a typo. */
export function href(path: Exclude<RoutePath, `${string}:slug`>, hash?: string): string {
  return hash ? `${path}#${hash}` : path;
}
