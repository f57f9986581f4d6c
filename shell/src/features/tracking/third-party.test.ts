import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consentStore } from '../consent/consent-store';
import { startThirdPartyScripts } from './third-party';
import { track } from './track';

vi.mock('@agency/contracts/client', async (real) => ({
  ...(await real<object>()),
  http: { call: vi.fn(async () => null) },
}));

const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.src);
const GTAG = 'https://www.googletagmanager.com/gtag/js?id=G-TEST';
const PIXEL = 'https://connect.facebook.net/en_US/fbevents.js';
const ALL = { analytics: true, ads: true };
const NONE = { analytics: false, ads: false };

describe('third-party scripts', () => {
  let stop = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    document.head.innerHTML = '';
    document.cookie = 'agency_consent=; max-age=0; path=/';
    consentStore.reset();
    delete window.gtag;
    delete window.fbq;
    delete window.dataLayer;
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('loads nothing external when no ids are configured; events stay local', () => {
    consentStore.choose(ALL, 'accept');
    stop = startThirdPartyScripts({});
    vi.advanceTimersByTime(10_000);
    expect(scripts()).toEqual([]);
    track({ name: 'lead' });
    expect(window.agencyEvents?.at(-1)).toEqual({ name: 'lead' });
  });

  it('loads neither gtag.js nor fbevents.js before a choice, nor after Reject all', () => {
    stop = startThirdPartyScripts({ analyticsId: 'G-TEST', pixelId: '123' });
    vi.advanceTimersByTime(10_000);
    expect(scripts()).toEqual([]);
    consentStore.choose(NONE, 'reject');
    vi.advanceTimersByTime(10_000);
    expect(scripts()).toEqual([]);
    expect(window.fbq).toBeUndefined();
  });

  it('with consent, loads analytics after 1000 ms and the pixel after 1500 ms; Consent Mode comes before config', () => {
    consentStore.choose(ALL, 'accept');
    stop = startThirdPartyScripts({ analyticsId: 'G-TEST', pixelId: '123' });
    vi.advanceTimersByTime(999);
    expect(scripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(scripts()).toEqual([GTAG]);
    const commands = (window.dataLayer as unknown[][]).map((c) => c.slice(0, 2));
    expect(commands.slice(0, 2)).toEqual([
      ['consent', 'default'],
      ['consent', 'update'],
    ]);
    expect(window.dataLayer![0]).toEqual([
      'consent',
      'default',
      expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied', wait_for_update: 500 }),
    ]);
    expect(window.dataLayer![1]).toEqual([
      'consent',
      'update',
      expect.objectContaining({ analytics_storage: 'granted' }),
    ]);
    vi.advanceTimersByTime(499);
    expect(scripts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(scripts()).toContain(PIXEL);
  });

  it('analytics only: gtag.js without the pixel; a later Accept all loads the pixel and updates Consent Mode', () => {
    consentStore.choose({ analytics: true, ads: false }, 'choose');
    stop = startThirdPartyScripts({ analyticsId: 'G-TEST', pixelId: '123' });
    vi.advanceTimersByTime(5000);
    expect(scripts()).toEqual([GTAG]);
    consentStore.choose(ALL, 'accept');
    expect(scripts()).toEqual([GTAG, PIXEL]);
    expect(window.dataLayer?.at(-1)).toEqual(['consent', 'update', expect.objectContaining({ ad_storage: 'granted' })]);
  });

  it('a choice made before the delays pass waits for them', () => {
    stop = startThirdPartyScripts({ analyticsId: 'G-TEST', pixelId: '123' });
    consentStore.choose(ALL, 'accept');
    expect(scripts()).toEqual([]);
    vi.advanceTimersByTime(1500);
    expect(scripts()).toEqual([GTAG, PIXEL]);
  });

  it('withdrawn ads consent revokes the pixel and sends it nothing more', () => {
    consentStore.choose(ALL, 'accept');
    stop = startThirdPartyScripts({ analyticsId: 'G-TEST', pixelId: '123' });
    vi.advanceTimersByTime(1500);
    consentStore.choose(NONE, 'reject');
    expect(window.fbq?.queue?.at(-1)).toEqual(['consent', 'revoke']);
    track({ name: 'lead' });
    expect(window.fbq?.queue?.at(-1)).toEqual(['consent', 'revoke']);
    expect(window.dataLayer?.at(-2)).toEqual(['consent', 'update', expect.objectContaining({ ad_storage: 'denied' })]);
  });

  it('sends events to both, the pixel with its standard names and the conversion id as eventID', () => {
    consentStore.choose(ALL, 'accept');
    stop = startThirdPartyScripts({ analyticsId: 'G-TEST', pixelId: '123' });
    vi.advanceTimersByTime(1500);
    track({ name: 'schedule', params: { source: 'home-hero' } });
    expect(window.dataLayer?.at(-1)).toEqual(['event', 'schedule', { source: 'home-hero' }]);
    expect(window.fbq?.queue?.at(-1)).toEqual(['track', 'Lead', { source: 'home-hero' }]);
    track({ name: 'lead', params: { form: 'custom-quote' }, eventId: 'evt-12345678' });
    expect(window.dataLayer?.at(-1)).toEqual(['event', 'lead', { form: 'custom-quote', event_id: 'evt-12345678' }]);
    expect(window.fbq?.queue?.at(-1)).toEqual(['track', 'Lead', { form: 'custom-quote' }, { eventID: 'evt-12345678' }]);
    track({ name: 'scroll_depth', params: { percent: 50 } });
    expect(window.fbq?.queue?.at(-1)?.[1]).toBe('Lead');
  });

  it('can be cancelled before the delays pass', () => {
    consentStore.choose(ALL, 'accept');
    const cancel = startThirdPartyScripts({ analyticsId: 'G-TEST', pixelId: '123' });
    cancel();
    vi.advanceTimersByTime(5000);
    expect(scripts()).toEqual([]);
  });
});
