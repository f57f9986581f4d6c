import { describe, expect, it } from 'vitest';
import { notFoundHead, pageHead, type HeadTag } from './head';
import type { CaseStudy } from './schemas/entities';
import type { PublicBlogPost } from './schemas/content';

const origin = 'https://beloud.example';

const post = (slug: string, extra: Partial<PublicBlogPost> = {}): PublicBlogPost => ({
  id: 1,
  slug,
  title: `Post ${slug}`,
  excerpt: `About ${slug}`,
  imageUrl: `/content-images/${slug}.webp`,
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

const study = (extra: Partial<CaseStudy> = {}): CaseStudy =>
  ({
    id: 3,
    slug: 'cafe',
    title: 'Cafe Growth',
    category: 'Hospitality',
    scenario: 'A cafe in Cambridge wanted more bookings.',
    challenges: [],
    strategies: null,
    results: null,
    imagePath: '/content-images/cafe.webp',
    conclusion: 'Bookings doubled.',
    sortOrder: 0,
    isActive: true,
    ...extra,
  }) as CaseStudy;

/** The head by tag: `title`, `canonical`, and each meta by its name or property; JSON-LD by its @type, in order. */
function byKey(tags: readonly HeadTag[]) {
  const out: Record<string, string> = {};
  for (const t of tags) {
    if (t.tag === 'title') out.title = t.text;
    else if (t.tag === 'meta') out[t.key] = t.content;
    else if (t.tag === 'link') out.canonical = t.href;
    else out['json-ld'] = [out['json-ld'], t.json['@type']].filter(Boolean).join(',');
  }
  return out;
}

const notFound = {
  title: 'Page Not Found | Be Loud Digital',
  description: "Sorry, the page you're looking for doesn't exist.",
};

describe('pageHead, for every kind of route', () => {
  it.each<[string, string, Record<string, unknown>, Record<string, string>]>([
    [
      'a static page',
      '/faq',
      {},
      {
        title: 'Frequently Asked Questions | Be Loud Digital',
        description:
          'Answers about our services, pricing, website builds and digital marketing for Waikato businesses.',
        keywords: 'marketing FAQ, website cost questions NZ',
        canonical: `${origin}/faq`,
        'og:type': 'website',
        'og:site_name': 'Be Loud Digital',
        'og:title': 'Frequently Asked Questions | Be Loud Digital',
        'og:description':
          'Answers about our services, pricing, website builds and digital marketing for Waikato businesses.',
        'og:url': `${origin}/faq`,
        'og:locale': 'en_NZ',
        'twitter:card': 'summary',
        'twitter:title': 'Frequently Asked Questions | Be Loud Digital',
        'twitter:description':
          'Answers about our services, pricing, website builds and digital marketing for Waikato businesses.',
      },
    ],
    [
      'a static page asked for with a trailing slash',
      '/contact/',
      {},
      expect.objectContaining({ canonical: `${origin}/contact`, 'og:url': `${origin}/contact` }),
    ],
    [
      'a blog post',
      '/blog/my-post',
      { 'blog-post/my-post': post('my-post', { excerpt: 'x'.repeat(200) }) },
      {
        title: 'Post my-post | Be Loud Digital',
        // Clipped to what search results show.
        description: `${'x'.repeat(159)}…`,
        canonical: `${origin}/blog/my-post`,
        'og:type': 'article',
        'og:site_name': 'Be Loud Digital',
        'og:title': 'Post my-post | Be Loud Digital',
        'og:description': `${'x'.repeat(159)}…`,
        'og:url': `${origin}/blog/my-post`,
        'og:locale': 'en_NZ',
        'og:image': `${origin}/content-images/my-post.webp`,
        'twitter:card': 'summary_large_image',
        'twitter:title': 'Post my-post | Be Loud Digital',
        'twitter:description': `${'x'.repeat(159)}…`,
      },
    ],
    [
      'a blog post whose content is not known yet (a client-side navigation before the post arrives)',
      '/blog/my-post',
      {},
      expect.objectContaining({
        title: 'Blog | Be Loud Digital',
        canonical: `${origin}/blog/my-post`,
        'og:type': 'website',
        'twitter:card': 'summary',
      }),
    ],
    ['a blog post that does not exist', '/blog/gone', { 'blog-post/gone': null }, notFound],
    [
      'a case study',
      '/case-studies/cafe',
      { 'case-study/cafe': study() },
      expect.objectContaining({
        title: 'Cafe Growth | Case Study | Be Loud Digital',
        description: 'A cafe in Cambridge wanted more bookings.',
        canonical: `${origin}/case-studies/cafe`,
        'og:type': 'article',
        'og:image': `${origin}/content-images/cafe.webp`,
        'twitter:card': 'summary_large_image',
      }),
    ],
    [
      'a case study without a scenario, with an image elsewhere',
      '/case-studies/cafe',
      { 'case-study/cafe': study({ scenario: null, imagePath: 'https://images.example/cafe.jpg' }) },
      expect.not.objectContaining({ 'og:image': expect.anything() }),
    ],
    [
      'a stand-alone article (its own title, the post its card)',
      '/google-business-profile-waikato',
      { 'blog-post/google-business-profile': post('google-business-profile') },
      expect.objectContaining({
        title: 'Google Business Profile Guide for Waikato SMEs | Be Loud Digital',
        canonical: `${origin}/google-business-profile-waikato`,
        'og:type': 'article',
        'og:image': `${origin}/content-images/google-business-profile.webp`,
      }),
    ],
    [
      'a list page',
      '/blog',
      { 'blog-posts': { items: [post('a')], total: 1, page: 1, pageSize: 12 } },
      expect.objectContaining({
        title: 'Blog: Digital Marketing for NZ Small Businesses | Be Loud Digital',
        'og:type': 'website',
      }),
    ],
    ['the 404 page', '/no/such/page', {}, notFound],
    [
      'a protected page',
      '/dashboard',
      {},
      {
        title: 'Dashboard | Be Loud Digital',
        description: 'Your client dashboard.',
        canonical: `${origin}/dashboard`,
        'og:type': 'website',
        'og:site_name': 'Be Loud Digital',
        'og:title': 'Dashboard | Be Loud Digital',
        'og:description': 'Your client dashboard.',
        'og:url': `${origin}/dashboard`,
        'og:locale': 'en_NZ',
        'twitter:card': 'summary',
        'twitter:title': 'Dashboard | Be Loud Digital',
        'twitter:description': 'Your client dashboard.',
      },
    ],
  ])('%s', (_kind, path, data, expected) => {
    expect(byKey(pageHead(path, origin, data))).toEqual(expected);
  });

  it('uses the conclusion, then the route, for a case study without a scenario', () => {
    const description = (extra: Partial<CaseStudy>) =>
      byKey(pageHead('/case-studies/cafe', origin, { 'case-study/cafe': study(extra) })).description;
    expect(description({ scenario: null })).toBe('Bookings doubled.');
    expect(description({ scenario: null, conclusion: null })).toBe(
      'How we helped a New Zealand business grow with digital marketing.',
    );
  });

  it('writes the tags in the order the gateway has always written them, JSON-LD last', () => {
    const jsonLd = [{ '@type': 'FAQPage' }, { '@type': 'BreadcrumbList' }];
    const tags = pageHead('/faq', origin, {}, jsonLd);
    expect(tags.map((t) => (t.tag === 'meta' ? t.key : t.tag))).toEqual([
      'title',
      'description',
      'keywords',
      'link',
      'og:type',
      'og:site_name',
      'og:title',
      'og:description',
      'og:url',
      'og:locale',
      'twitter:card',
      'twitter:title',
      'twitter:description',
      'script',
      'script',
    ]);
    expect(tags.slice(-2)).toEqual(jsonLd.map((json) => ({ tag: 'script', type: 'application/ld+json', json })));
  });

  it('gives the 404 page no JSON-LD, whatever it is handed', () => {
    expect(pageHead('/no/such/page', origin, {}, [{ '@type': 'Thing' }])).toEqual(notFoundHead());
    expect(pageHead('/blog/gone', origin, { 'blog-post/gone': null }, [{ '@type': 'Thing' }])).toEqual(notFoundHead());
  });
});
