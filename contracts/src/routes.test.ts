import { describe, expect, it } from 'vitest';
import { findRoute, routes } from './routes';

describe('route table', () => {
  it('lists every route of the spec once', () => {
    const paths = routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/',
      '/website-calculator',
      '/social-media-management',
      '/local-lead-engine-offer',
      '/real-talk-opt-in',
      '/real-talk-thank-you',
      '/auth',
      '/login',
      '/price-calculator',
      '/services',
      '/services/social-media-management',
      '/services/seo-optimization',
      '/services/web-development',
      '/services/google-ads',
      '/services/meta-ads',
      '/services/social-media-gbp-optimization',
      '/about-us',
      '/how-we-work',
      '/contact',
      '/custom-quote',
      '/faq',
      '/blog',
      '/google-business-profile-waikato',
      '/ecommerce-optimization-blog',
      '/privacy-policy',
      '/dashboard',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('gives every route a title and description, and every public page keywords', () => {
    for (const r of routes) {
      expect(r.title.length, r.path).toBeGreaterThan(5);
      expect(r.description.length, r.path).toBeGreaterThan(20);
      if (r.indexable) expect(r.keywords.length, r.path).toBeGreaterThan(0);
    }
  });

  it('protects the dashboard for the three roles', () => {
    expect(findRoute('/dashboard')?.roles).toEqual(['client', 'admin', 'master_admin']);
  });

  it('matches exact paths, ignoring one trailing slash', () => {
    expect(findRoute('/blog/')?.path).toBe('/blog');
    expect(findRoute('/blog/extra')).toBeUndefined();
    expect(findRoute('/BLOG')).toBeUndefined();
  });
});
