import { formatNzdWhole as nzd, PRICE_RANGES } from '../pricing/format';
import type { PublicBlogPost } from '../schemas/content';
import { BLOG_AUTHOR } from '../content/blog';
import { BUSINESS } from '../content/business';
import type { QuestionAnswer } from '../content/faq';
import type { StructuredDataKind } from './page-record';

/*
 * The pieces of JSON-LD more than one page's builders use. Each page's own builders are in `<page>.json-ld.ts` beside
 * its record; structured-data.ts gathers them by kind. None of these modules is in the shell's first load.
 */

/** schema.org JSON-LD objects; the gateway serialises them into the HTML, the shell on client navigation. */
export type JsonLd = Record<string, unknown>;

export const CONTEXT = 'https://schema.org';
/** A page's content by key (page-data.ts). */
export type PageData = Record<string, unknown>;

/** A kind of page's JSON-LD, from its path and the content it shows (its one item under `item`). */
export type JsonLdBuilder = (origin: string, path: string, data: PageData, item: unknown) => JsonLd[];
/** Builders by the kind a record names (`structuredData`). */
export type JsonLdBuilders<K extends StructuredDataKind = StructuredDataKind> = Record<K, JsonLdBuilder>;

/** Price ranges are derived from the price tables (decisions: no page states a price the calculators would not charge). */
export function organizationJsonLd(origin: string): JsonLd {
  const r = PRICE_RANGES;
  const offer = (name: string, from: number, to?: number, monthly = false) => ({
    '@type': 'Offer',
    itemOffered: { '@type': 'Service', name },
    priceSpecification: {
      '@type': monthly ? 'UnitPriceSpecification' : 'PriceSpecification',
      minPrice: from,
      ...(to ? { maxPrice: to } : {}),
      priceCurrency: 'NZD',
      ...(monthly ? { unitText: 'MONTH' } : {}),
    },
  });
  const all = [
    r.website.from,
    r.website.to,
    r.seoMonthly.from,
    r.seoMonthly.to,
    r.socialMediaMonthly.from,
    r.socialMediaMonthly.to,
    r.metaAdsMonthly.from,
  ];
  return {
    '@context': CONTEXT,
    '@type': 'ProfessionalService',
    '@id': `${origin}/#organization`,
    name: BUSINESS.name,
    logo: logoOf(origin),
    image: logoOf(origin).url,
    slogan: BUSINESS.tagline,
    url: `${origin}/`,
    foundingDate: String(BUSINESS.foundingYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: BUSINESS.address.street,
      addressLocality: BUSINESS.address.locality,
      addressRegion: BUSINESS.address.region,
      postalCode: BUSINESS.address.postcode,
      addressCountry: BUSINESS.address.country,
    },
    geo: { '@type': 'GeoCoordinates', ...BUSINESS.geo },
    areaServed: BUSINESS.areasServed.map((name) => ({ '@type': 'Place', name })),
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: BUSINESS.hours.opens,
        closes: BUSINESS.hours.closes,
      },
    ],
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: BUSINESS.rating.value,
      reviewCount: BUSINESS.rating.count,
      bestRating: 5,
    },
    priceRange: `${nzd(Math.min(...all))}-${nzd(Math.max(...all))}`,
    sameAs: BUSINESS.social.map((s) => s.url),
    makesOffer: [
      offer('SEO optimisation', r.seoMonthly.from, r.seoMonthly.to, true),
      offer('Website design and development', r.website.from, r.website.to),
      offer('Social media management', r.socialMediaMonthly.from, r.socialMediaMonthly.to, true),
      offer('Meta ads management', r.metaAdsMonthly.from, undefined, true),
      offer('AI chatbot setup', r.chatbot.setup),
    ],
  };
}

/** The agency's logo, as Google's Organization and Article publisher results ask for it. */
export const logoOf = (origin: string) => ({ '@type': 'ImageObject', url: `${origin}/favicon.svg` }) as const;

/**
 * The agency wherever a node names it (publisher, author, provider): a node of its own, typed and with its logo, under
 * the `@id` the organisation page uses, so a page that does not carry the full organisation still defines every `@id`
 * it points to (Google's structured-data checks refuse a publisher that is a bare reference).
 */
export const organizationNode = (origin: string) => ({
  '@type': 'Organization',
  '@id': `${origin}/#organization`,
  name: BUSINESS.name,
  url: `${origin}/`,
  logo: logoOf(origin),
});

export function breadcrumbJsonLd(origin: string, trail: readonly (readonly [name: string, path: string])[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name,
      item: `${origin}${path}`,
    })),
  };
}

/** The first crumb of every breadcrumb. */
export const home = ['Home', '/'] as const;

export function faqJsonLd(entries: readonly QuestionAnswer[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: entries.map((e) => ({
      '@type': 'Question',
      name: e.question,
      acceptedAnswer: { '@type': 'Answer', text: e.answer },
    })),
  };
}

type PostData = Pick<PublicBlogPost, 'title' | 'excerpt' | 'publishedAt' | 'updatedAt' | 'imageUrl'>;

/** A post as an article: on its own page, on a stand-alone article page, and in the blog's list. */
export function articleJsonLd(origin: string, post: PostData, path: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    // Google's article results want an image; a post without one shows the agency's logo.
    image: post.imageUrl ? `${origin}${post.imageUrl}` : logoOf(origin).url,
    author: { '@type': 'Organization', name: BLOG_AUTHOR, url: `${origin}/about-us` },
    publisher: organizationNode(origin),
    mainEntityOfPage: `${origin}${path}`,
    url: `${origin}${path}`,
  };
}

/** The FAQ and how-to a post carries, when it has them. */
export function postExtras(posts: readonly Pick<PublicBlogPost, 'title' | 'faq' | 'steps'>[]): JsonLd[] {
  const faq = posts.flatMap((p) => p.faq);
  const howTos = posts.filter((p) => p.steps.length > 0);
  return [
    ...(faq.length ? [faqJsonLd(faq)] : []),
    ...howTos.map((p) => ({
      '@context': CONTEXT,
      '@type': 'HowTo',
      name: p.title,
      step: p.steps.map((s, i) => ({ '@type': 'HowToStep', position: i + 1, name: s.name, text: s.text })),
    })),
  ];
}

/** The organisation's own JSON-LD, which the home and about pages carry (their records name the kind). */
export const organizationPageJsonLd = {
  organization: (origin) => [organizationJsonLd(origin)],
} satisfies JsonLdBuilders<'organization'>;
