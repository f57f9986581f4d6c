import { act, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  notFoundRoute,
  pageHead,
  routes,
  structuredDataFor,
  type HeadTag,
  type PublicBlogPost,
} from '@agency/contracts';
import { hostApi } from '../../host-api';
import { applyRouteHead, RouteHead } from './route-head';

const origin = 'https://beloud.example';
const jsonLdTypes = () =>
  [...document.head.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent ?? '{}')['@type'],
  );

describe('applyRouteHead', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
  });

  it('sets title, description, canonical and structured data of the route', async () => {
    await applyRouteHead('/faq', origin);
    const faq = routes.find((r) => r.path === '/faq')!;
    expect(document.title).toBe(faq.title);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(faq.description);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${origin}/faq`);
    expect(jsonLdTypes()).toEqual(['FAQPage', 'BreadcrumbList']);
  });

  it('replaces the previous page data on navigation instead of piling it up', async () => {
    await applyRouteHead('/blog', origin);
    await applyRouteHead('/services/google-ads', origin);
    expect(jsonLdTypes()).toEqual(['Service', 'BreadcrumbList']);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it('never lets an earlier navigation that finishes last overwrite the later page', async () => {
    const toFaq = applyRouteHead('/faq', origin);
    const toMissing = applyRouteHead('/nowhere', origin);
    await Promise.all([toFaq, toMissing]);
    expect(document.title).toBe(notFoundRoute.title);
    expect(jsonLdTypes()).toEqual([]);
  });

  it('gives the lead engine page its sharing cards and its Service data after a client-side navigation', async () => {
    await applyRouteHead('/local-lead-engine-offer', origin);
    const meta = (attr: string, key: string) =>
      document.head.querySelector(`meta[${attr}="${key}"]`)?.getAttribute('content');
    const offer = routes.find((r) => r.path === '/local-lead-engine-offer')!;
    expect(meta('property', 'og:title')).toBe(offer.title);
    expect(meta('property', 'og:url')).toBe(`${origin}/local-lead-engine-offer`);
    expect(meta('name', 'twitter:card')).toBe('summary');
    expect(meta('name', 'twitter:title')).toBe(offer.title);
    expect(meta('name', 'twitter:description')).toBe(offer.description);
    expect(jsonLdTypes()).toEqual(['Service']);
  });

  it('drops canonical and structured data on the 404 page', async () => {
    await applyRouteHead('/faq', origin);
    await applyRouteHead('/nowhere', origin);
    expect(document.title).toBe(notFoundRoute.title);
    expect(document.head.querySelector('meta[name="twitter:card"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(jsonLdTypes()).toEqual([]);
  });
});

/** The document's head read back into the tags `pageHead` gives, in a fixed order (the DOM keeps its own). */
function documentHead(): HeadTag[] {
  const tags: HeadTag[] = [{ tag: 'title', text: document.title }];
  for (const el of document.head.querySelectorAll('meta')) {
    const attr = el.hasAttribute('property') ? 'property' : 'name';
    tags.push({ tag: 'meta', attr, key: el.getAttribute(attr) ?? '', content: el.getAttribute('content') ?? '' });
  }
  for (const el of document.head.querySelectorAll('link[rel="canonical"]'))
    tags.push({ tag: 'link', rel: 'canonical', href: el.getAttribute('href') ?? '' });
  for (const el of document.head.querySelectorAll(JSON_LD))
    tags.push({ tag: 'script', type: 'application/ld+json', json: JSON.parse(el.textContent ?? '{}') });
  return sorted(tags);
}
const JSON_LD = 'script[type="application/ld+json"]';
const sorted = (tags: readonly HeadTag[]) =>
  [...tags].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
const meta = (key: string) =>
  document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');

/** A published post as GET /api/blog-posts/my-post gives it. */
const post: PublicBlogPost = {
  id: 7,
  slug: 'my-post',
  title: 'Post my-post',
  excerpt: 'About my-post',
  imageUrl: '/content-images/00000000-0000-4000-8000-000000000007.webp',
  imageAlt: 'Cover',
  category: 'SEO Strategy',
  publishedAt: '2025-06-15T00:00:00.000Z',
  updatedAt: '2025-06-16T00:00:00.000Z',
  faq: [{ question: 'Why?', answer: 'Because.' }],
  html: '<p>x</p>',
  readMinutes: 2,
  steps: [],
};
const data = { 'blog-post/my-post': post };

describe('the head after a client-side navigation is the one the gateway serves', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
  });

  it('gives a post the very tags of its server HTML: its title, og:type article, its image', async () => {
    await applyRouteHead('/blog/my-post', origin, data);
    expect(documentHead()).toEqual(
      sorted(pageHead('/blog/my-post', origin, data, structuredDataFor('/blog/my-post', origin, data))),
    );
    expect(meta('og:type')).toBe('article');
    expect(meta('og:image')).toBe(`${origin}${post.imageUrl}`);
    expect(meta('og:locale')).toBe('en_NZ');
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(jsonLdTypes()).toEqual(['BlogPosting', 'BreadcrumbList', 'FAQPage']);
  });

  it.each(['/faq', '/services/google-ads', '/dashboard', '/nowhere'])(
    '%s: the tags of its server HTML',
    async (path) => {
      await applyRouteHead('/blog/my-post', origin, data);
      await applyRouteHead(path, origin);
      expect(documentHead()).toEqual(sorted(pageHead(path, origin, {}, structuredDataFor(path, origin))));
    },
  );

  it('drops the card image and large card of the post before when the next page has none', async () => {
    await applyRouteHead('/blog/my-post', origin, data);
    await applyRouteHead('/faq', origin);
    expect(meta('og:image')).toBeUndefined();
    expect(meta('og:type')).toBe('website');
    expect(meta('twitter:card')).toBe('summary');
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
  });

  it("writes a post's head once its page says it shows the post, and the 404 page's for one that does not exist", async () => {
    window.history.pushState({}, '', '/blog/my-post');
    render(
      <MemoryRouter initialEntries={['/blog/my-post']}>
        <RouteHead />
      </MemoryRouter>,
    );
    // Before the post arrives: the route's own head, at the post's URL.
    expect(document.title).toBe('Blog | Be Loud Digital');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${hostApi.config.publicOrigin}/blog/my-post`,
    );
    act(() => hostApi.contentShown?.('blog-post/my-post', post));
    expect(document.title).toBe('Post my-post | Be Loud Digital');
    expect(meta('description')).toBe('About my-post');
    expect(meta('og:type')).toBe('article');
    await waitFor(() => expect(jsonLdTypes()).toEqual(['BlogPosting', 'BreadcrumbList', 'FAQPage']));
    // Content another page shows leaves this head alone.
    act(() => hostApi.contentShown?.('blog-post/other', null));
    expect(document.title).toBe('Post my-post | Be Loud Digital');
    act(() => hostApi.contentShown?.('blog-post/my-post', null));
    expect(document.title).toBe(notFoundRoute.title);
    await waitFor(() => expect(jsonLdTypes()).toEqual([]));
  });
});
