import { BUSINESS } from './business';
import type { QuestionAnswer } from './faq';

export const BLOG_ARTICLE_IDS = [
  'auckland-retail-strategies',
  'landscaping-ideas',
  'ecommerce-optimization',
  'google-business-profile',
  'seo-strategies',
] as const;
export type BlogArticleId = (typeof BLOG_ARTICLE_IDS)[number];

export interface BlogArticleMeta {
  /** Anchor on /blog: `/blog#${id}`. */
  id: BlogArticleId;
  title: string;
  /** ISO date of publication. */
  published: string;
  excerpt: string;
  author: string;
  readMinutes: number;
  imageAlt: string;
  faq: readonly QuestionAnswer[];
}

export const BLOG_AUTHOR = `The ${BUSINESS.name} team`;
export const BLOG_TOPICS = ['SEO Strategy', 'Local Business', 'New Zealand', 'Digital Marketing'] as const;

/** The five articles of /blog, in the page's order (newest first). */
export const BLOG_ARTICLES: readonly BlogArticleMeta[] = [
  {
    id: 'auckland-retail-strategies',
    title: 'Retail Digital Marketing: What Auckland Stores Do That Waikato Shops Can Copy',
    published: '2025-07-21',
    author: BLOG_AUTHOR,
    readMinutes: 7,
    imageAlt: 'A shop counter with a phone showing an online order',
    excerpt:
      'Big-city retailers win with click-and-collect, local stock search and loyal email lists. Here is how a Waikato shop can do the same on a small-business budget.',
    faq: [
      {
        question: 'Do I need an online store to benefit from digital marketing?',
        answer:
          'No. Plenty of shops grow by showing their stock, opening hours and offers online and bringing people in the door. An online store helps when customers already ask to buy without visiting.',
      },
      {
        question: 'Which channel should a small retailer start with?',
        answer:
          'Start with your Google Business Profile and an email list. Both are free or cheap, both reach people who already know you, and both drive visits within weeks.',
      },
    ],
  },
  {
    id: 'landscaping-ideas',
    title: 'Marketing Ideas for Landscapers and Garden Designers That Actually Bring in Jobs',
    published: '2025-07-11',
    author: BLOG_AUTHOR,
    readMinutes: 6,
    imageAlt: 'A landscaped garden with a stone path and native plants',
    excerpt:
      'Your work is visual, seasonal and local. Use that: before-and-after galleries, spring campaigns and a Google profile full of finished gardens.',
    faq: [
      {
        question: 'When should landscapers advertise?',
        answer:
          'Start six to eight weeks before your busy season. In the Waikato that means late winter for spring planting and patios, so your calendar is full when the weather turns.',
      },
      {
        question: 'Are before-and-after photos really worth the effort?',
        answer:
          'Yes. They are the single most persuasive thing a landscaper can show, they work on every platform, and customers share them. Take the before photo every time.',
      },
    ],
  },
  {
    id: 'ecommerce-optimization',
    title: 'E-commerce Optimisation: Turning Browsers into Buyers',
    published: '2025-07-02',
    author: BLOG_AUTHOR,
    readMinutes: 8,
    imageAlt: 'A laptop showing an online store checkout page',
    excerpt:
      'Most online stores lose buyers to slow pages, surprise shipping costs and long checkouts. Fix those three and sales follow without spending more on ads.',
    faq: [
      {
        question: 'What is a good conversion rate for a small online store?',
        answer:
          'Between 1% and 3% of visits becoming orders is typical for New Zealand small businesses. Below 1% usually means a speed, trust or checkout problem worth fixing before buying more traffic.',
      },
      {
        question: 'Should I show shipping costs before checkout?',
        answer:
          'Yes. Unexpected costs are the most common reason people abandon a cart. Show shipping on the product page or offer a free-shipping threshold.',
      },
      {
        question: 'How fast should my store load?',
        answer:
          'Aim for under 3 seconds on a phone. Compress images, remove apps you do not use and choose fast hosting; each extra second costs sales.',
      },
      {
        question: 'Do product reviews help sales?',
        answer:
          'Yes. Reviews answer the questions a shop assistant would, and products with even a handful of reviews convert noticeably better than those with none. Ask every buyer a week after delivery.',
      },
      {
        question: 'Is guest checkout a good idea?',
        answer:
          'Almost always. Forcing an account before payment loses buyers. Offer to create the account after the order is placed instead.',
      },
    ],
  },
  {
    id: 'google-business-profile',
    title: 'Google Business Profile Guide for Waikato SMEs',
    published: '2025-06-24',
    author: BLOG_AUTHOR,
    readMinutes: 7,
    imageAlt: 'A phone showing a local business listing on a map',
    excerpt:
      'Your Google Business Profile is often the first thing customers see. Here is how Waikato businesses turn it into a steady source of calls.',
    faq: [
      {
        question: 'Is a Google Business Profile free?',
        answer:
          'Yes. Creating and managing a Google Business Profile is free. You need a Google account and a way to verify the business, usually by phone, email or video.',
      },
      {
        question: 'How many reviews do I need?',
        answer:
          'There is no magic number, but recent reviews matter more than old ones. Aim for a steady trickle every month and reply to every review, good or bad.',
      },
    ],
  },
  {
    id: 'seo-strategies',
    title: '10 SEO Tactics for New Zealand Small Businesses',
    published: '2025-06-15',
    author: BLOG_AUTHOR,
    readMinutes: 9,
    imageAlt: 'A notebook with a search results sketch and a cup of coffee',
    excerpt:
      'Ten practical SEO steps, in the order we do them for clients, that help a local business climb Google without a big budget.',
    faq: [
      {
        question: 'Can I do SEO myself?',
        answer:
          'Yes, most of the ten tactics need time rather than special tools. Where owners get stuck is keeping it up every month; that is where help pays off.',
      },
      {
        question: 'How long before SEO works?',
        answer:
          'Expect 3 to 6 months for clear results. Fixes to your Google Business Profile and page speed can help sooner.',
      },
    ],
  },
];

/** The ten tactics of the SEO article; also the blog page's HowTo structured data. */
export const SEO_TACTICS: readonly { name: string; text: string }[] = [
  {
    name: 'Claim and complete your Google Business Profile',
    text: 'Fill in every field, choose accurate categories and add real photos.',
  },
  {
    name: 'Research the words customers use',
    text: 'List the searches a customer would type, including your town names, and check them in Google suggestions.',
  },
  {
    name: 'Give each service its own page',
    text: 'One page per service and area lets Google match each search to a precise answer.',
  },
  {
    name: 'Write titles and descriptions that earn the click',
    text: 'Put the service and the town in the title and give a reason to choose you in the description.',
  },
  {
    name: 'Make your site fast on phones',
    text: 'Compress images, cut unused scripts and aim for pages that load in under 3 seconds.',
  },
  {
    name: 'Keep your name, address and phone consistent',
    text: 'Use exactly the same details on your site, Google profile and directories.',
  },
  {
    name: 'Ask every happy customer for a review',
    text: 'Send a direct review link the day the job is finished and reply to every review.',
  },
  {
    name: 'Publish helpful local content',
    text: 'Answer the questions customers ask you, with local examples, once or twice a month.',
  },
  {
    name: 'Earn links from local organisations',
    text: 'Sponsorships, suppliers, business associations and local news are links competitors cannot copy.',
  },
  {
    name: 'Measure and adjust monthly',
    text: 'Track calls, forms and rankings every month and double down on what moves them.',
  },
];

export const blogArticle = (id: BlogArticleId): BlogArticleMeta => {
  const found = BLOG_ARTICLES.find((a) => a.id === id);
  if (!found) throw new Error(`Unknown article ${id}`);
  return found;
};
