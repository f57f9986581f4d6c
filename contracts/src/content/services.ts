import type { ServiceCategory } from '../constants';

export const SERVICE_SLUGS = [
  'social-media-management',
  'seo-optimization',
  'web-development',
  'google-ads',
  'meta-ads',
  'social-media-gbp-optimization',
] as const;
export type ServiceSlug = (typeof SERVICE_SLUGS)[number];

export interface ServiceSummary {
  slug: ServiceSlug;
  name: string;
  /** One line for the header's Services menu. */
  tagline: string;
  /** Two sentences for the services grid and the service's structured data. */
  summary: string;
  category: ServiceCategory;
  /** The service page's meta description and its main search phrase (route table, head data). */
  description: string;
  keyword: string;
}

/** The six service pages, in the order the header and the services grid list them. */
export const SERVICES: readonly ServiceSummary[] = [
  {
    slug: 'web-development',
    name: 'Website Design & Development',
    category: 'website_design',
    description: 'Fast, mobile-friendly websites that load in under 3 seconds and turn visitors into enquiries.',
    keyword: 'website design Waikato',
    tagline: 'Fast sites that turn visitors into calls',
    summary:
      'Mobile-first websites that load in under 3 seconds, say clearly what you do and make it easy to get in touch. Built to rank locally from day one.',
  },
  {
    slug: 'seo-optimization',
    name: 'SEO Optimisation',
    category: 'seo',
    description: 'Get found on Google by customers in Te Awamutu, Hamilton and Cambridge.',
    keyword: 'SEO Waikato',
    tagline: 'Get found on Google by local customers',
    summary:
      'Local SEO that puts you in front of people searching in Te Awamutu, Hamilton and Cambridge. Technical fixes, content and reviews that compound month after month.',
  },
  {
    slug: 'social-media-management',
    name: 'Social Media Management',
    category: 'social_media',
    description: 'Done-for-you social media that keeps your business visible and brings enquiries in.',
    keyword: 'social media management Waikato',
    tagline: 'Consistent posts without the weekly stress',
    summary:
      'A monthly plan of posts, reels and carousels written for your customers, published on schedule and reported on in plain English.',
  },
  {
    slug: 'google-ads',
    name: 'Google Ads Management',
    category: 'paid_advertising',
    description: 'Targeted Google Ads for Waikato searches, managed for the best return on your spend.',
    keyword: 'Google Ads Waikato',
    tagline: 'Show up the moment people search',
    summary:
      'Search campaigns aimed at Waikato buyers who are ready to act, with tight budgets, negative keywords and call tracking so every dollar is accounted for.',
  },
  {
    slug: 'meta-ads',
    name: 'Meta Ads (Facebook & Instagram)',
    category: 'paid_advertising',
    description: 'Facebook and Instagram ads aimed at the right local customers.',
    keyword: 'Facebook ads Waikato',
    tagline: 'Reach the right locals on Facebook & Instagram',
    summary:
      'Facebook and Instagram campaigns that reach the right people near you, with creative that stops the scroll and tracking that shows what it earned.',
  },
  {
    slug: 'social-media-gbp-optimization',
    name: 'Social Media & Google Business Profile Optimisation',
    category: 'seo',
    description: 'Profiles that win the click: Google Business Profile and social pages set up to convert.',
    keyword: 'Google Business Profile optimisation',
    tagline: 'Profiles that win the click',
    summary:
      'A one-time clean-up of your Google Business Profile and social pages so the first thing customers see makes them call you, not the business next door.',
  },
];

export const serviceBySlug = (slug: ServiceSlug): ServiceSummary => {
  const found = SERVICES.find((s) => s.slug === slug);
  if (!found) throw new Error(`Unknown service ${slug}`);
  return found;
};
