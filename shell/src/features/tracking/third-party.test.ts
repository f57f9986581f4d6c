import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startThirdPartyScripts } from './third-party';
import { track } from './track';

const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.src);

describe('third-party scripts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.head.innerHTML = '';
    delete window.gtag;
    delete window.fbq;
    delete window.dataLayer;
  });
  afterEach(() => vi.useRealTimers());

  it('loads nothing external when no ids are configured; events stay local', () => {
    startThirdPartyScripts({});
    vi.advanceTimersByTime(10_000);
    expect(scripts()).toEqual([]);
    track({ name: 'lead' });
    expect(window.agencyEvents?.at(-1)).toEqual({ name: 'lead' });
  });

  it('loads analytics after 1000 ms and the pixel after 1500 ms', () => {
    startThirdPartyScripts({ analyticsId: 'G-TEST', pixelId: '123' });
    vi.advanceTimersByTime(999);
    expect(scripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(scripts()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST']);
    vi.advanceTimersByTime(499);
    expect(scripts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(scripts()).toContain('https://connect.facebook.net/en_US/fbevents.js');
  });

  it('sends events to both, with the pixel getting its standard event names', () => {
    startThirdPartyScripts({ analyticsId: 'G-TEST', pixelId: '123' });
    vi.advanceTimersByTime(1500);
    track({ name: 'schedule', params: { source: 'home-hero' } });
    expect(window.dataLayer?.at(-1)).toEqual(['event', 'schedule', { source: 'home-hero' }]);
    expect(window.fbq?.queue?.at(-1)).toEqual(['track', 'Lead', { source: 'home-hero' }]);
    track({ name: 'scroll_depth', params: { percent: 50 } });
    expect(window.fbq?.queue?.at(-1)).toEqual(['track', 'Lead', { source: 'home-hero' }]);
  });

  it('can be cancelled before the delays pass', () => {
    const cancel = startThirdPartyScripts({ analyticsId: 'G-TEST', pixelId: '123' });
    cancel();
    vi.advanceTimersByTime(5000);
    expect(scripts()).toEqual([]);
  });
});
