/**
 * Every price of leads-and-quoting §3 and §9, written once, in whole NZD excluding GST. Add-ons use the single
 * price set of docs/spec/decisions.md (Logo Design 199, Hosting Setup 99, Google Business Profile Setup 199).
 */

export interface AddOn {
  name: string;
  description: string;
  price: number;
}

export interface WebsitePackage {
  name: string;
  price: number;
  description: string;
  includes: readonly string[];
  addOns: readonly AddOn[];
}

export const WEBSITE_PACKAGE_KEYS = ['landingPage', 'storefront', 'booking', 'membership', 'ecommerce'] as const;
export type WebsitePackageKey = (typeof WEBSITE_PACKAGE_KEYS)[number];
/** Older spellings still sent by some pages and links. */
export const WEBSITE_PACKAGE_ALIASES = { 'landing-page': 'landingPage', 'online-store': 'ecommerce' } as const;

export const WEBSITE_PACKAGES: Record<WebsitePackageKey, WebsitePackage> = {
  landingPage: {
    name: 'Landing Page',
    price: 798,
    description: 'One focused page that turns an ad or a search into an enquiry.',
    includes: ['Single page', 'Copywriting', 'Mobile-responsive design', 'Lead capture form', 'Fast loading'],
    addOns: [
      {
        name: 'A/B Test Variant',
        description: 'A second version of the page to test which converts better.',
        price: 199,
      },
      { name: 'Analytics Setup', description: 'Visitor and conversion tracking set up and explained.', price: 99 },
      { name: 'Custom Graphics', description: 'Bespoke graphics instead of stock imagery.', price: 149 },
    ],
  },
  storefront: {
    name: 'Storefront Website',
    price: 1198,
    description: 'A 3-5 page site that tells customers who you are and makes it easy to call.',
    includes: ['3-5 pages', 'SEO setup', 'Calls to action', 'Contact form', 'Google Maps embed'],
    addOns: [
      { name: 'Extra Page (per page)', description: 'One more page with copy and layout.', price: 99 },
      { name: 'Logo Design', description: 'A simple, professional logo for your brand.', price: 199 },
      { name: 'Hosting Setup', description: 'Domain, hosting and SSL configured for you.', price: 99 },
      {
        name: 'Google Business Profile Setup',
        description: 'Your Google profile created or cleaned up and linked.',
        price: 199,
      },
    ],
  },
  booking: {
    name: 'Booking Website',
    price: 1998,
    description: 'Everything in Storefront, plus online bookings that land straight in your calendar.',
    includes: ['Everything in Storefront', 'Online booking system', 'Email confirmations', 'Calendar sync'],
    addOns: [
      { name: 'Payment Integration', description: 'Take deposits or full payment when customers book.', price: 199 },
      { name: 'Branded Confirmation Emails', description: 'Booking emails in your colours and voice.', price: 129 },
      { name: 'Multiple Staff Schedules', description: 'Separate availability for each team member.', price: 249 },
    ],
  },
  membership: {
    name: 'Membership Website',
    price: 2998,
    description: 'Members-only content and accounts, with an admin panel to run it.',
    includes: ['Registration and login', 'Access control', 'Member dashboard', 'Admin panel', 'Signup email'],
    addOns: [
      { name: 'Member Billing Setup', description: 'Recurring member payments.', price: 199 },
      { name: 'Email Automation', description: 'Welcome and reminder email sequences.', price: 149 },
      { name: 'Content Portal', description: 'A library for member videos, files and courses.', price: 174 },
      { name: 'Multi-Tier Access', description: 'Different membership levels with their own content.', price: 249 },
    ],
  },
  ecommerce: {
    name: 'Online Store',
    price: 3598,
    description: 'A store that takes orders and payments while you sleep.',
    includes: ['Up to 50 products', 'Cart and checkout', 'Payment gateway', 'Local shipping setup', 'Basic training'],
    addOns: [
      { name: 'Add 25 More Products', description: 'Room for 25 more products, loaded for you.', price: 99 },
      { name: 'Order confirmation emails', description: 'Branded order and shipping emails.', price: 129 },
      { name: 'Gift Cards', description: 'Sell and redeem gift cards online.', price: 99 },
    ],
  },
};

export const CHATBOT = {
  /** One-time: GPT-based assistant with up to 10 conversation flows. */
  setup: 550,
  /** Per month. */
  support: 99,
} as const;

export const SOCIAL_POST_TYPES = ['static', 'carousel', 'video'] as const;
export type SocialPostType = (typeof SOCIAL_POST_TYPES)[number];

/** Weekly price by posts per week, for 1 to 5 platforms (index 0 = 1 platform). Monthly = weekly x 4. */
export const SOCIAL_WEEKLY: Record<
  SocialPostType,
  Record<number, readonly [number, number, number, number, number]>
> = {
  static: {
    2: [110, 160, 200, 230, 250],
    3: [140, 180, 220, 250, 280],
    4: [160, 200, 240, 270, 300],
    5: [180, 220, 260, 290, 320],
  },
  carousel: {
    1: [150, 190, 230, 260, 280],
    2: [180, 220, 260, 290, 310],
    3: [210, 250, 290, 320, 340],
    4: [240, 280, 320, 350, 370],
  },
  video: {
    1: [275, 310, 340, 360, 370],
    2: [335, 385, 415, 440, 460],
    3: [420, 480, 520, 550, 570],
    4: [500, 575, 625, 660, 685],
  },
};

export const SOCIAL_WEEKS_PER_MONTH = 4;

/** One-time, by number of pages optimised (0-5). */
export const PAGE_OPTIMISATION = [0, 350, 600, 850, 1100, 1350] as const;

/** Per month. */
export const SEO_AUTHORITY_BLOGS = { '2': 160, '3': 230, '4': 290 } as const;
export const SEO_SERVICES = { local: 640, national: 1520 } as const;

/** Per month; ad spend is paid to the platform directly and is not included. */
export const META_ADS_PACKAGES = { starter: 999, growth: 1750 } as const;
export const META_ADS_ADD_ONS = { 'Strategy-Only Add-On Campaign': 450, 'Full Add-On Campaign': 750 } as const;
export const META_ADS_RECOMMENDED_SPEND = { starter: [1000, 3000], growth: [2000, 5000] } as const;

/** The lead engine offer (leads-and-quoting §9): one-time, excl. GST. */
export const LEAD_ENGINE_OFFER = { price: 2495, normalPrice: 6500 } as const;

export const MINIMUM_TERM_MONTHS = 6;
