import { describe, expect, it } from 'vitest';
import { formatNzdWhole, PRICE_RANGES, WEBSITE_PACKAGES } from '../pricing';
import { routes } from '../routes';
import type { PublicBlogPost } from '../schemas/content';
import { organizationJsonLd, structuredDataFor } from '../structured-data';
import { FAQ_CATEGORIES, SERVICES } from '.';

const origin = 'https://example.test';

describe('FAQ content', () => {
  it('has four categories with the anchors of the spec, two questions each', () => {
    expect(FAQ_CATEGORIES.map((c) => c.id)).toEqual([
      'general-services',
      'pricing-packages',
      'website-development',
      'digital-marketing',
    ]);
    for (const c of FAQ_CATEGORIES) expect(c.entries).toHaveLength(2);
  });

  it('quotes website and monthly prices from the price tables', () => {
    const pricing = FAQ_CATEGORIES.find((c) => c.id === 'pricing-packages')!
      .entries.map((e) => e.answer)
      .join(' ');
    for (const pkg of Object.values(WEBSITE_PACKAGES)) expect(pricing).toContain(formatNzdWhole(pkg.price));
    expect(pricing).toContain(formatNzdWhole(PRICE_RANGES.seoMonthly.from));
    expect(pricing).toContain(formatNzdWhole(PRICE_RANGES.socialMediaMonthly.from));
  });
});

describe('structured data', () => {
  it('gives the organisation its rating, weekday hours and table-derived price ranges', () => {
    type Offer = { itemOffered: { name: string }; priceSpecification: unknown };
    const org = organizationJsonLd(origin) as {
      aggregateRating: unknown;
      openingHoursSpecification: { dayOfWeek: string[] }[];
      makesOffer: Offer[];
      priceRange: string;
    };
    expect(org.aggregateRating).toMatchObject({ ratingValue: 4.9, reviewCount: 47 });
    expect(org.openingHoursSpecification[0]).toMatchObject({ opens: '09:00', closes: '17:00' });
    expect(org.openingHoursSpecification[0]!.dayOfWeek).toHaveLength(5);
    const seo = org.makesOffer.find((o) => o.itemOffered.name === 'SEO optimisation')!;
    expect(seo.priceSpecification).toMatchObject({
      minPrice: PRICE_RANGES.seoMonthly.from,
      maxPrice: PRICE_RANGES.seoMonthly.to,
    });
    expect(org.priceRange).toBe(
      `${formatNzdWhole(PRICE_RANGES.seoMonthly.from)}-${formatNzdWhole(PRICE_RANGES.website.to)}`,
    );
  });

  it.each(SERVICES.map((s) => s.slug))('describes /services/%s as a service with a breadcrumb', (slug) => {
    const types = structuredDataFor(`/services/${slug}`, origin).map((d) => d['@type']);
    expect(types).toEqual(['Service', 'BreadcrumbList']);
  });

  const post = (slug: string, extra: Partial<PublicBlogPost> = {}): PublicBlogPost => ({
    id: 1,
    slug,
    title: `Post ${slug}`,
    excerpt: 'An excerpt',
    imageUrl: null,
    imageAlt: 'alt',
    category: 'SEO Strategy',
    publishedAt: '2025-06-15T00:00:00.000Z',
    updatedAt: '2025-06-16T00:00:00.000Z',
    faq: [],
    html: '<p>x</p>',
    readMinutes: 1,
    steps: [],
    ...extra,
  });

  it('gives the blog its collection, breadcrumb, FAQ and how-to from the posts it shows', () => {
    const items = [
      post('a', { faq: [{ question: 'Q?', answer: 'A.' }] }),
      post('b', { steps: [{ name: 'One', text: 'Do it.' }] }),
    ];
    const blog = structuredDataFor('/blog', origin, { 'blog-posts': { items, total: 2, page: 1, pageSize: 12 } });
    expect(blog.map((d) => d['@type'])).toEqual(['Blog', 'BreadcrumbList', 'FAQPage', 'HowTo']);
    expect(blog[0]!.blogPost).toMatchObject([{ url: `${origin}/blog/a` }, { url: `${origin}/blog/b` }]);
  });

  it("describes a post's own page as a BlogPosting with its breadcrumb, and an unknown one with nothing", () => {
    const data = { 'blog-post/my-post': post('my-post', { imageUrl: '/content-images/x.webp' }) };
    const types = structuredDataFor('/blog/my-post', origin, data).map((d) => d['@type']);
    expect(types).toEqual(['BlogPosting', 'BreadcrumbList']);
    expect(structuredDataFor('/blog/my-post', origin, data)[0]).toMatchObject({
      headline: 'Post my-post',
      image: `${origin}/content-images/x.webp`,
      datePublished: '2025-06-15T00:00:00.000Z',
    });
    expect(structuredDataFor('/blog/other', origin, data)).toEqual([]);
  });

  it('describes the lead engine offer as a service at 2495 NZD excl. GST against 6500', () => {
    const [service] = structuredDataFor('/local-lead-engine-offer', origin);
    expect(service).toMatchObject({
      '@type': 'Service',
      name: 'Local Lead Engine',
      url: `${origin}/local-lead-engine-offer`,
      offers: {
        '@type': 'Offer',
        price: 2495,
        priceCurrency: 'NZD',
        priceSpecification: [
          { price: 2495, priceCurrency: 'NZD', valueAddedTaxIncluded: false },
          { price: 6500, priceType: 'https://schema.org/StrikethroughPrice', valueAddedTaxIncluded: false },
        ],
      },
    });
  });

  it('gives the FAQ page all eight questions', () => {
    const [faq] = structuredDataFor('/faq', origin);
    expect((faq!.mainEntity as unknown[]).length).toBe(8);
  });

  it('serialises for every route', () => {
    for (const r of routes) expect(() => JSON.stringify(structuredDataFor(r.path, origin))).not.toThrow();
  });
});
