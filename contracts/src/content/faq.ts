import { MINIMUM_TERM_MONTHS, WEBSITE_PACKAGES } from '../pricing/tables';
import { formatNzdWhole as nzd, PRICE_RANGES } from '../pricing/format';

export interface QuestionAnswer {
  question: string;
  answer: string;
}

export interface FaqCategory {
  /** Anchor id on /faq (Quick Navigation links to `#id`). */
  id: 'general-services' | 'pricing-packages' | 'website-development' | 'digital-marketing';
  title: string;
  entries: readonly QuestionAnswer[];
}

const p = WEBSITE_PACKAGES;

/**
 * The FAQ page's questions, also its FAQPage structured data. Every price comes from the price tables
 * (decisions: "the FAQ's starting prices ... are derived from the tables").
 */
export const FAQ_CATEGORIES: readonly FaqCategory[] = [
  {
    id: 'general-services',
    title: 'General Services',
    entries: [
      {
        question: 'What digital marketing services do you offer?',
        answer:
          'We design and build websites, run local SEO, manage social media, run Google Ads and Meta (Facebook and Instagram) ads, ' +
          'optimise Google Business Profiles, set up AI chatbots and write messaging strategy. Most clients start with one service ' +
          'and add others once the first is paying for itself.',
      },
      {
        question: 'Do you only work with businesses in the Waikato?',
        answer:
          'We are based in Te Awamutu and most of our clients are within 50 km: Te Awamutu, Hamilton, Cambridge and the towns between. ' +
          'We meet local clients in person when it helps, and we also work with businesses elsewhere in New Zealand over video calls.',
      },
    ],
  },
  {
    id: 'pricing-packages',
    title: 'Pricing & Packages',
    entries: [
      {
        question: 'How much does a website cost?',
        answer:
          `Websites start from ${nzd(PRICE_RANGES.website.from)} for a ${p.landingPage.name.toLowerCase()}. ` +
          `A ${p.storefront.name.toLowerCase()} is ${nzd(p.storefront.price)}, a ${p.booking.name.toLowerCase()} ${nzd(p.booking.price)}, ` +
          `a ${p.membership.name.toLowerCase()} ${nzd(p.membership.price)} and an ${p.ecommerce.name.toLowerCase()} ${nzd(p.ecommerce.price)}. ` +
          'All prices are in NZD and exclude GST. The price calculator shows the exact figure for the add-ons you choose.',
      },
      {
        question: 'What do your monthly services cost?',
        answer:
          `SEO starts from ${nzd(PRICE_RANGES.seoMonthly.from)} per month, social media management from ${nzd(PRICE_RANGES.socialMediaMonthly.from)} ` +
          `per month, Meta ads management from ${nzd(PRICE_RANGES.metaAdsMonthly.from)} per month (ad spend is separate and paid to Meta), ` +
          `and chatbot support is ${nzd(PRICE_RANGES.chatbot.monthly)} per month. Monthly services have a ${MINIMUM_TERM_MONTHS}-month minimum term, ` +
          'because that is how long it takes for the work to show in your numbers.',
      },
    ],
  },
  {
    id: 'website-development',
    title: 'Website Development',
    entries: [
      {
        question: 'How long does it take to build a website?',
        answer:
          'Most websites take 2 to 4 weeks from the kick-off call. A storefront site usually takes 1 to 2 weeks; online stores and ' +
          'membership sites take 3 to 4 weeks because there are products, payments or member areas to set up and test. ' +
          'The biggest factor is how quickly we get your content and feedback.',
      },
      {
        question: 'Will my website work on phones, and can I update it myself?',
        answer:
          'Yes. Every site is designed for phones first, because that is where most of your visitors are, and is tested on ' +
          'phones, tablets and desktops. We show you how to change text, photos and opening hours yourself, and we are ' +
          'a phone call away for anything bigger.',
      },
    ],
  },
  {
    id: 'digital-marketing',
    title: 'Digital Marketing',
    entries: [
      {
        question: 'How long does SEO take to show results?',
        answer:
          'Expect 3 to 6 months for SEO to show clearly in your enquiries. Quick wins such as fixing your Google Business Profile ' +
          'or slow pages can help within weeks, but rankings build over time. If you need calls this month, pair SEO with Google Ads ' +
          'while the organic work takes hold.',
      },
      {
        question: 'Should I advertise on Google or on Facebook and Instagram?',
        answer:
          'Google Ads catch people who are already searching for what you sell, which suits urgent needs like plumbing or legal help. ' +
          'Meta ads put you in front of local people before they search, which suits cafes, retail, events and anything visual. ' +
          'Many businesses use both; in a free strategy call we will tell you where your budget will work hardest.',
      },
    ],
  },
];
