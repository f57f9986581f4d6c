import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../../platform/env';
import { setupApp } from '../../../test/helpers';

const cspOf = (res: Response) =>
  Object.fromEntries(
    (res.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  );

let plain: Awaited<ReturnType<typeof setupApp>>;
let tracked: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  plain = await setupApp({});
  tracked = await setupApp({
    PUBLIC_ORIGIN: 'https://beloud.example',
    PIXEL_ID: '1234567890',
    CHATBOT_SCRIPT_URL: 'https://widget.chat.example/loader.js?key=abc',
    WEBSITE_CALCULATOR_VIDEO_URL: 'https://video.example.org/website.mp4',
  });
});
afterAll(async () => {
  await plain.cleanup();
  await tracked.cleanup();
});

describe('the lead engine page head (leads-and-quoting §9: social sharing metadata and structured service data)', () => {
  it('carries Open Graph and Twitter card tags and a schema.org Service with the offer', async () => {
    const html = await (await plain.app.request('/local-lead-engine-offer')).text();
    expect(html).toContain('<meta property="og:title" content="Local Lead Engine for Tradies | Be Loud Digital" />');
    expect(html).toContain('<meta property="og:url" content="http://localhost:8787/local-lead-engine-offer" />');
    expect(html).toContain('<meta property="og:description" content="A done-for-you lead system');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain('<meta name="twitter:title" content="Local Lead Engine for Tradies | Be Loud Digital" />');
    expect(html).toContain('<meta name="twitter:description" content="A done-for-you lead system');
    const [service] = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    expect(service).toMatchObject({
      '@type': 'Service',
      name: 'Local Lead Engine',
      offers: { price: 2495, priceCurrency: 'NZD' },
    });
    expect(JSON.stringify(service)).toContain('"price":6500');
  });

  it('gives every public page its Twitter card, never the 404', async () => {
    expect(await (await plain.app.request('/blog')).text()).toContain('<meta name="twitter:card" content="summary" />');
    expect(await (await plain.app.request('/no/such/page')).text()).not.toContain('twitter:card');
  });
});

describe('the ad pixel without scripts', () => {
  it('serves no tracking image, even with PIXEL_ID set: a visitor without scripts cannot consent (decision 0095)', async () => {
    for (const path of ['/', '/local-lead-engine-offer', '/no/such/page']) {
      const html = await (await tracked.app.request(path)).text();
      expect(html).not.toContain('<noscript>');
      expect(html).not.toContain('facebook.com/tr');
    }
  });
});

describe('the chatbot embed script', () => {
  it('is admitted by the CSP by exactly its origin', async () => {
    const csp = cspOf(await tracked.app.request('/'));
    const origin = 'https://widget.chat.example';
    for (const directive of ['script-src', 'connect-src', 'frame-src', 'img-src', 'style-src'])
      expect(csp[directive], directive).toContain(origin);
    expect(csp['script-src']!.filter((s: string) => s.startsWith('https://'))).toEqual([
      'https://connect.facebook.net',
      origin,
    ]);
    expect(csp['media-src']).toEqual(["'self'", 'https://video.example.org']);
  });

  it('is not admitted while unset', async () => {
    expect(JSON.stringify(cspOf(await plain.app.request('/')))).not.toContain('chat.example');
  });

  it('reaches the browser in the runtime config', async () => {
    const html = await (await tracked.app.request('/')).text();
    expect(html).toContain('"chatbotScriptUrl":"https://widget.chat.example/loader.js?key=abc"');
    expect(html).toContain('"websiteCalculatorVideoUrl":"https://video.example.org/website.mp4"');
  });
});

describe('configuration of the new settings', () => {
  it.each([
    [{ CHATBOT_SCRIPT_URL: 'javascript:alert(1)' }, /CHATBOT_SCRIPT_URL: must be an http\(s\) URL/],
    [{ CHATBOT_SCRIPT_URL: 'not a url' }, /CHATBOT_SCRIPT_URL/],
    [
      { CHATBOT_SCRIPT_URL: 'https://a.example/x.js', CHATBOT_EMBED_URL: 'https://b.example/' },
      /CHATBOT_SCRIPT_URL: set CHATBOT_EMBED_URL or CHATBOT_SCRIPT_URL, not both/,
    ],
    [
      { WEBSITE_CALCULATOR_VIDEO_URL: 'ftp://x/y.mp4' },
      /WEBSITE_CALCULATOR_VIDEO_URL: must be an http\(s\) URL or a path/,
    ],
  ])('refuses %j', (source, message) => {
    expect(() => loadEnv(source)).toThrow(ConfigError);
    expect(() => loadEnv(source)).toThrow(message);
  });

  it('accepts a site path for the video and leaves both unset by default', () => {
    expect(loadEnv({ WEBSITE_CALCULATOR_VIDEO_URL: '/media/website.mp4' }).publicConfig).toMatchObject({
      websiteCalculatorVideoUrl: '/media/website.mp4',
    });
    const defaults = loadEnv({}).publicConfig;
    expect(defaults.chatbotScriptUrl).toBeUndefined();
    expect(defaults.websiteCalculatorVideoUrl).toBeUndefined();
  });
});
