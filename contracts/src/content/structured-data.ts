import { formatNzdWhole as nzd, PRICE_RANGES } from '../pricing/format';
import { LEAD_ENGINE_OFFER } from '../pricing/tables';
import type { CaseStudy } from '../schemas/entities';
import type { PublicBlogPost, PublicBlogPostPage } from '../schemas/content';
import { findPage, type StructuredDataKind } from '../pages';
import { BLOG_AUTHOR } from './blog';
import { BUSINESS } from './business';
import { FAQ_CATEGORIES, type QuestionAnswer } from './faq';
import { SERVICES } from './services';

/** schema.org JSON-LD objects; the gateway serialises them into the HTML, the shell on client navigation. */
export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';
/** A page's content by key (page-data.ts). */
type PageData = Record<string, unknown>;

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
const logoOf = (origin: string) => ({ '@type': 'ImageObject', url: `${origin}/favicon.svg` }) as const;

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

function articleJsonLd(origin: string, post: PostData, path: string): JsonLd {
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
function postExtras(posts: readonly Pick<PublicBlogPost, 'title' | 'faq' | 'steps'>[]): JsonLd[] {
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

/** A post's own page: its article data, breadcrumb, FAQ and how-to. */
function postPageJsonLd(origin: string, path: string, post: PublicBlogPost | undefined): JsonLd[] {
  if (!post) return [];
  return [
    articleJsonLd(origin, post, path),
    breadcrumbJsonLd(origin, [home, ['Blog', '/blog'], [post.title, path]]),
    ...postExtras([post]),
  ];
}

function caseStudyJsonLd(origin: string, path: string, study: CaseStudy | undefined): JsonLd[] {
  if (!study) return [];
  return [
    {
      '@context': CONTEXT,
      '@type': 'Article',
      headline: study.title,
      ...(study.scenario ? { description: study.scenario } : {}),
      ...(study.category ? { articleSection: study.category } : {}),
      image: study.imagePath?.startsWith('/') ? `${origin}${study.imagePath}` : logoOf(origin).url,
      author: organizationNode(origin),
      publisher: organizationNode(origin),
      url: `${origin}${path}`,
    },
    breadcrumbJsonLd(origin, [home, ['Services', '/services'], [study.title, path]]),
  ];
}

const home = ['Home', '/'] as const;

/**
 * The lead engine sales page (leads-and-quoting §9: "also sets ... structured service data"): the service and its
 * one-off early-client price against the normal price, both excl. GST, as schema.org's strikethrough pricing.
 */
export function leadEngineOfferJsonLd(origin: string): JsonLd {
  const url = `${origin}/local-lead-engine-offer`;
  const price = (amount: number, extra: JsonLd = {}) => ({
    '@type': 'UnitPriceSpecification',
    price: amount,
    priceCurrency: 'NZD',
    valueAddedTaxIncluded: false,
    ...extra,
  });
  return {
    '@context': CONTEXT,
    '@type': 'Service',
    name: 'Local Lead Engine',
    serviceType: 'Lead generation system for tradies',
    description:
      'A done-for-you lead system for Waikato tradies: a lead-capture landing page, Google and Meta ads, instant enquiry follow-up and call tracking. One-off setup, no monthly fees.',
    provider: organizationNode(origin),
    areaServed: BUSINESS.areasServed.map((name) => ({ '@type': 'Place', name })),
    audience: { '@type': 'BusinessAudience', audienceType: 'Tradies' },
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: LEAD_ENGINE_OFFER.price,
      priceCurrency: 'NZD',
      availability: 'https://schema.org/LimitedAvailability',
      priceSpecification: [
        price(LEAD_ENGINE_OFFER.price),
        price(LEAD_ENGINE_OFFER.normalPrice, { priceType: 'https://schema.org/StrikethroughPrice' }),
      ],
    },
  };
}

/** The service page at `path`, one of the six of the services content. */
function serviceJsonLd(origin: string, path: string): JsonLd[] {
  const service = SERVICES.find((s) => path === `/services/${s.slug}`);
  if (!service) return [];
  return [
    {
      '@context': CONTEXT,
      '@type': 'Service',
      name: service.name,
      description: service.summary,
      serviceType: service.name,
      provider: organizationNode(origin),
      areaServed: BUSINESS.areasServed.map((name) => ({ '@type': 'Place', name })),
      url: `${origin}${path}`,
    },
    breadcrumbJsonLd(origin, [home, ['Services', '/services'], [service.name, path]]),
  ];
}

function blogJsonLd(origin: string, data: PageData): JsonLd[] {
  const posts = (data['blog-posts'] as PublicBlogPostPage | undefined)?.items ?? [];
  return [
    {
      '@context': CONTEXT,
      '@type': 'Blog',
      name: `${BUSINESS.name} Blog`,
      url: `${origin}/blog`,
      publisher: organizationNode(origin),
      blogPost: posts.map((p) => articleJsonLd(origin, p, `/blog/${p.slug}`)),
    },
    breadcrumbJsonLd(origin, [home, ['Blog', '/blog']]),
    ...postExtras(posts),
  ];
}

/** Each kind of page's JSON-LD, from its path and the content it shows (its one item under `item`). */
const BUILDERS: Record<StructuredDataKind, (origin: string, path: string, data: PageData, item: unknown) => JsonLd[]> =
  {
    organization: (origin) => [organizationJsonLd(origin)],
    contact: (origin) => [
      {
        '@context': CONTEXT,
        '@type': 'ContactPage',
        name: `Contact ${BUSINESS.name}`,
        url: `${origin}/contact`,
        about: organizationNode(origin),
      },
      organizationJsonLd(origin),
    ],
    services: (origin) => [
      {
        '@context': CONTEXT,
        '@type': 'ItemList',
        name: 'Our services',
        itemListElement: SERVICES.map((s, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: s.name,
          url: `${origin}/services/${s.slug}`,
        })),
      },
      breadcrumbJsonLd(origin, [home, ['Services', '/services']]),
    ],
    service: (origin, path) => serviceJsonLd(origin, path),
    faq: (origin) => [
      faqJsonLd(FAQ_CATEGORIES.flatMap((c) => c.entries)),
      breadcrumbJsonLd(origin, [home, ['FAQ', '/faq']]),
    ],
    blog: (origin, _path, data) => blogJsonLd(origin, data),
    post: (origin, path, _data, post) => postPageJsonLd(origin, path, post as PublicBlogPost | undefined),
    'case-study': (origin, path, _data, study) => caseStudyJsonLd(origin, path, study as CaseStudy | undefined),
    article: (origin, path, _data, item) => {
      const post = item as PublicBlogPost | undefined;
      return post ? [articleJsonLd(origin, post, path), ...postExtras([post])] : [];
    },
    'lead-engine-offer': (origin) => [leadEngineOfferJsonLd(origin)],
  };

/**
 * The JSON-LD blocks of a page (empty for pages that carry none), by the kind the page map names for its route
 * (pages.ts). Pages showing staff-edited content take it from `data`, the page's content by key (page-data.ts);
 * without it they carry only what does not depend on it.
 */
export function structuredDataFor(path: string, origin: string, data: PageData = {}): JsonLd[] {
  const page = findPage(path);
  if (!page?.structuredData) return [];
  return BUILDERS[page.structuredData](origin, page.path, data, page.item ? data[page.item] : undefined);
}
