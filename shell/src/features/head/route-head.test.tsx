import { beforeEach, describe, expect, it } from 'vitest';
import { notFoundRoute, routes } from '@agency/contracts';
import { applyRouteHead } from './route-head';

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
