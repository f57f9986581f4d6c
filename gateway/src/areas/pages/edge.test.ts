import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@agency/contracts';
import { START_AFTER_PAINT_SOURCE } from './start-after-paint';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp({});
});
afterAll(() => t.cleanup());

const cspOf = (res: Response) =>
  Object.fromEntries(
    (res.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  );

describe('sitemap.xml and robots.txt', () => {
  it('lists exactly the indexable routes, with absolute URLs and no anchors', async () => {
    const res = await t.app.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    const posts = [
      'auckland-retail-strategies',
      'landscaping-ideas',
      'ecommerce-optimization',
      'google-business-profile',
      'seo-strategies',
    ];
    expect(locs).toEqual([
      ...routes.filter((r) => r.indexable).map((r) => `http://localhost:8787${r.path}`),
      ...posts.map((slug) => `http://localhost:8787/blog/${slug}`),
    ]);
    expect(xml).toMatch(
      /<loc>http:\/\/localhost:8787\/blog\/seo-strategies<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/,
    );
    expect(locs).toContain('http://localhost:8787/blog');
    expect(locs).not.toContain('http://localhost:8787/dashboard');
    expect(locs).not.toContain('http://localhost:8787/real-talk-thank-you');
    expect(xml).not.toContain('#');
  });

  it('robots.txt points to the sitemap and keeps private areas out', async () => {
    const text = await (await t.app.request('/robots.txt')).text();
    expect(text).toContain('Sitemap: http://localhost:8787/sitemap.xml');
    expect(text).toContain('Disallow: /dashboard');
    expect(text).toContain('Disallow: /api/');
    // Public pages, sign-in included, stay crawlable (Lighthouse SEO 100 on every public page).
    for (const open of ['/auth', '/login', '/reset-password', '/blog']) expect(text).not.toContain(`Disallow: ${open}`);
  });
});

describe('security headers', () => {
  it('puts a strict CSP and the usual headers on every HTML page, 404 included', async () => {
    for (const path of ['/', '/blog', '/no/such/page']) {
      const res = await t.app.request(path);
      const csp = cspOf(res);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'", START_AFTER_PAINT_SOURCE]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['frame-src']).toEqual(['https://www.openstreetmap.org']);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('gives API answers the short API set: nothing loads from or frames them, and nothing caches them', async () => {
    for (const path of ['/api/auth/user', '/api/no-such-endpoint']) {
      const res = await t.app.request(path);
      expect(cspOf(res)).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('permissions-policy')).toBeNull();
    }
  });
});

describe('CSP follows the runtime config', () => {
  let c: Awaited<ReturnType<typeof setupApp>>;
  beforeAll(async () => {
    c = await setupApp({
      PUBLIC_ORIGIN: 'https://beloud.example',
      ANALYTICS_ID: 'G-ABC123',
      PIXEL_ID: '99887766',
      CHATBOT_EMBED_URL: 'https://chat.example.com/embed/42',
      REMOTE_QUOTING_URL: 'https://cdn.example.net/quoting/mf-manifest.json',
      REAL_TALK_AUDIO_URL: 'https://media.example.org/real-talk.mp3',
    });
  });
  afterAll(() => c.cleanup());

  it('allows the configured remotes and third parties, and nothing else', async () => {
    const res = await c.app.request('/');
    const csp = cspOf(res);
    expect(csp['script-src']).toEqual([
      "'self'",
      START_AFTER_PAINT_SOURCE,
      'https://cdn.example.net',
      'https://www.googletagmanager.com',
      'https://connect.facebook.net',
    ]);
    expect(csp['connect-src']).toContain('https://cdn.example.net');
    expect(csp['frame-src']).toEqual(['https://www.openstreetmap.org', 'https://chat.example.com']);
    expect(csp['media-src']).toEqual(["'self'", 'https://media.example.org']);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
  });
});
