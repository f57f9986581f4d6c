import type { ServiceSlug } from '@agency/contracts';

export interface ServiceContent {
  headline: string;
  intro: string;
  problem: { title: string; paragraphs: readonly string[] };
  benefits: readonly (readonly [title: string, text: string])[];
  steps: readonly (readonly [title: string, text: string])[];
  /** A four-tile panel (Google Ads, Meta ads). */
  tiles?: readonly (readonly [title: string, text: string])[];
  /** A claim the page highlights next to the hero (web development: load time). */
  highlight?: string;
  warning: string;
}

const chat = (about: string) =>
  ['Book a free chat', `A 30-minute call about your business and ${about}. No obligation.`] as const;
const results = (what: string) =>
  ['See results', `We do the work and report monthly on ${what}, in plain English.`] as const;

/** The pattern pages of /services/* (the Google Business Profile page has its own layout). */
export const SERVICE_CONTENT: Record<Exclude<ServiceSlug, 'social-media-gbp-optimization'>, ServiceContent> = {
  'web-development': {
    headline: 'Websites That Win You Work, Not Just Compliments',
    intro:
      'A website is often the second thing a customer sees after your Google listing. Ours load fast, read clearly on a phone and make calling, booking or buying the obvious next step.',
    highlight: 'Every site we build loads in under 3 seconds on a phone.',
    problem: {
      title: 'Is Your Website Sending Customers to Competitors?',
      paragraphs: [
        'Half of mobile visitors leave a page that takes more than three seconds to load. Many small-business sites take twice that, hide the phone number and were built before most people browsed on phones.',
        'Visitors do not complain; they go back to Google and tap the next result.',
      ],
    },
    benefits: [
      [
        'Fast on every phone',
        'Compressed images, lean code and good hosting, so pages appear before anyone thinks about leaving.',
      ],
      ['Built to be found', 'Clean structure, titles, local pages and structured data set up from the first day.'],
      ['Clear calls to action', 'Call, book and quote buttons where thumbs expect them, on every page.'],
      ['Easy to update', 'Change hours, prices and photos yourself; we are a call away for bigger jobs.'],
    ],
    steps: [
      chat('what your site needs to do'),
      [
        'Get your custom design',
        'A design and page plan for your approval, then the build, usually within 2 to 4 weeks.',
      ],
      results('visits, calls and form enquiries'),
    ],
    warning:
      'Every month on an old, slow site is a month of enquiries going to whoever loads first. The fix is rarely as big as owners fear.',
  },
  'seo-optimization': {
    headline: 'Get Found on Google by Customers Near You',
    intro:
      'When someone in Te Awamutu, Hamilton or Cambridge searches for what you do, you should be one of the first names they see. Local SEO makes that happen, and keeps it happening.',
    problem: {
      title: 'If You Are Not on Page One, You Are Invisible',
      paragraphs: [
        'Most searchers never scroll past the first few results, and the map pack takes most of the clicks for local searches.',
        'Your competitors are not always better; often they have simply given Google clearer signals about who they are and where they work.',
      ],
    },
    benefits: [
      ['Local rankings', 'Show up in the map pack and organic results for the searches that bring jobs.'],
      ['Technical health', 'Speed, mobile usability, indexing and structured data fixed and monitored.'],
      ['Content that ranks', 'Service and area pages, plus authority articles that answer real customer questions.'],
      ['Reviews and reputation', 'A simple system that brings in steady, recent reviews.'],
    ],
    steps: [
      chat('the searches that matter to you'),
      ['Get your SEO plan', 'An audit and a prioritised plan: quick wins first, then steady monthly work.'],
      results('rankings, traffic and enquiries'),
    ],
    warning:
      'SEO takes 3 to 6 months to show clearly. Every month you wait is a month your competitors keep building their lead.',
  },
  'social-media-management': {
    headline: 'Social Media That Keeps You Front of Mind',
    intro:
      'Your customers scroll every day. Regular, local, useful posts keep your business in their heads, so they think of you first when they need you.',
    problem: {
      title: 'Quiet Pages Cost You Trust',
      paragraphs: [
        'A page whose last post was months ago makes people wonder whether you are still trading.',
        'Posting consistently takes hours every week that most owners do not have, so it slips.',
      ],
    },
    benefits: [
      ['A monthly content plan', 'Posts planned around your seasons, offers and local events.'],
      ['Written and designed for you', 'Static posts, carousels and short videos in your voice and colours.'],
      ['Posted on schedule', 'Published on the platforms your customers use, at the times they are online.'],
      ['Reporting that means something', 'Reach, engagement and enquiries each month, not vanity numbers.'],
    ],
    steps: [
      ['Free chat', 'A 30-minute call about your customers, your voice and what you want social media to do.'],
      ['Your social plan', 'A month of content for approval before anything goes live.'],
      ['Leads grow', 'Consistent posting builds an audience that turns into messages, calls and bookings.'],
    ],
    warning: 'Algorithms reward consistency. Posting in bursts means starting from scratch every time.',
  },
  'google-ads': {
    headline: 'Google Ads That Bring Calls, Not Just Clicks',
    intro:
      'Google Ads put you at the top of the page the moment someone searches for what you sell. Managed well, they are the fastest way to fill your calendar.',
    tiles: [
      [
        'Targeted Searches',
        'Keywords chosen for buying intent, with negative keywords so you never pay for the wrong clicks.',
      ],
      ['Smart Targeting', 'Ads shown at the right hours, on the right devices, to people in the right places.'],
      ['Max ROI', 'Bids, ads and landing pages tuned every month against the calls and forms they bring in.'],
      ['Waikato Focus', 'Campaigns built around Te Awamutu, Hamilton, Cambridge and your service radius.'],
    ],
    problem: {
      title: 'Most Small-Business Ad Budgets Leak',
      paragraphs: [
        'Broad keywords, no negative keywords and no conversion tracking are the three most common reasons small budgets disappear with little to show.',
        'Google is happy to spend your money; it takes steady management to make it earn.',
      ],
    },
    benefits: [
      ['Results this month', 'Unlike SEO, ads can bring enquiries within days of launch.'],
      ['Every dollar tracked', 'Call and form tracking shows which keywords earn and which do not.'],
      ['Ads that match the search', 'Ad copy and landing pages written for each group of searches.'],
      ['Budget under control', 'You set the spend; we make it go further and tell you where it went.'],
    ],
    steps: [
      chat('your services, margins and budget'),
      ['Get your campaign plan', 'Keywords, budget and landing pages agreed before any money is spent.'],
      results('calls, forms and cost per lead'),
    ],
    warning:
      'Running ads without conversion tracking is guessing with real money. If you cannot see cost per lead, start there.',
  },
  'meta-ads': {
    headline: 'Facebook & Instagram Ads Aimed at the Right Locals',
    intro:
      'Meta ads put your business in front of people near you before they start searching: perfect for offers, events, new products and anything people need to see to want.',
    tiles: [
      ['Meta Ads', 'Campaigns across Facebook and Instagram feeds, stories and reels, from one budget.'],
      [
        'Smart Targeting',
        'Audiences built from location, interests and your own customers, then refined from results.',
      ],
      ['Max ROI', 'Creative tested and budgets moved to what brings in leads and sales.'],
      ['Waikato Focus', 'Reach people in your towns and service radius, not the whole country.'],
    ],
    problem: {
      title: 'Boosting Posts Is Not a Strategy',
      paragraphs: [
        'The boost button reaches people who like your page, not the people who have never heard of you.',
        'Without a pixel, audiences and tested creative, most of that spend buys likes, not customers.',
      ],
    },
    benefits: [
      ['Creative that stops the scroll', 'Images, carousels and short videos made for each placement.'],
      ['Audiences that convert', 'Lookalikes of your best customers and retargeting of your site visitors.'],
      ['Lead forms and offers', 'Campaigns built around one clear action, measured end to end.'],
      ['Monthly optimisation', 'Weekly checks and a monthly review of what to scale and what to stop.'],
    ],
    steps: [
      chat('who your best customers are'),
      ['Get your campaign plan', 'Audiences, creative and budget agreed before launch.'],
      results('reach, leads and cost per result'),
    ],
    warning: 'Ad costs rise when creative goes stale. Campaigns left alone for months quietly get more expensive.',
  },
};
