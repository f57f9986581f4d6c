import { describe, expect, it } from 'vitest';
import { findRoute, routes, siteOfPath } from './routes';

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

  it('matches content pages by a well-formed slug only', () => {
    expect(findRoute('/blog/my-first-post')?.module).toBe('blog-post-page');
    expect(findRoute('/blog/my-first-post/')?.module).toBe('blog-post-page');
    expect(findRoute('/case-studies/cafe-2024')?.module).toBe('case-study-page');
    for (const bad of ['/blog/My-Post', '/blog/a--b', '/blog/-a', '/blog/a.b', '/case-studies/', '/blog/a/b'])
      expect(findRoute(bad), bad).toBeUndefined();
  });

  it('matches exact paths, ignoring one trailing slash', () => {
    expect(findRoute('/blog/')?.path).toBe('/blog');
    expect(findRoute('/blog/extra/more')).toBeUndefined();
    expect(findRoute('/BLOG')).toBeUndefined();
  });
});

describe('siteOfPath', () => {
  it.each([
    ['/dashboard', 'portal'],
    ['/dashboard?tab=blog#top', 'portal'],
    ['/login', 'portal'],
    ['/', 'public'],
    ['/price-calculator?x=1', 'public'],
    ['/blog/some-post', 'public'],
    ['/no-such-page', 'public'],
    ['', 'public'],
  ] as const)('%s is served by the %s site', (path, site) => {
    expect(siteOfPath(path)).toBe(site);
  });
});
