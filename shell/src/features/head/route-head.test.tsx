import { beforeEach, describe, expect, it } from 'vitest';
import { notFoundRoute, routes } from '@agency/contracts';
import { applyRouteHead } from './route-head';

const origin = 'https://beloud.example';
const jsonLdTypes = () =>
  [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '{}')['@type']);

describe('applyRouteHead', () => {
  beforeEach(() => { document.head.innerHTML = ''; });

  it('sets title, description, canonical and structured data of the route', () => {
    applyRouteHead('/faq', origin);
    const faq = routes.find((r) => r.path === '/faq')!;
    expect(document.title).toBe(faq.title);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(faq.description);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${origin}/faq`);
    expect(jsonLdTypes()).toEqual(['FAQPage', 'BreadcrumbList']);
  });

  it('replaces the previous page data on navigation instead of piling it up', () => {
    applyRouteHead('/blog', origin);
    applyRouteHead('/services/google-ads', origin);
    expect(jsonLdTypes()).toEqual(['Service', 'BreadcrumbList']);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it('drops canonical and structured data on the 404 page', () => {
    applyRouteHead('/faq', origin);
    applyRouteHead('/nowhere', origin);
    expect(document.title).toBe(notFoundRoute.title);
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(jsonLdTypes()).toEqual([]);
  });
});
