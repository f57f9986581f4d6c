import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RUM_BATCH_MAX,
  RUM_PATH,
  RUM_TOKEN_TIMING,
  RUNTIME_CONFIG_ELEMENT_ID,
  defaultPublicConfig,
} from '@agency/contracts';

const sent: { url: string; token: unknown; events: unknown[] }[] = [];
const TOKEN = 'eyJpIjoiYWJjIn0.c2lnbmF0dXJl';

/** The page document's navigation entry as the browser gives it: the gateway's token among its server timings. */
function pageServed(serverTiming: { name: string; description: string }[]) {
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) =>
    type === 'navigation' ? ([{ serverTiming }] as unknown as PerformanceEntryList) : [],
  );
}

async function freshQueue(rumSampleRate: number) {
  document.body.innerHTML = `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${JSON.stringify({
    ...defaultPublicConfig,
    rumSampleRate,
  })}</script>`;
  vi.resetModules();
  return import('./rum-queue');
}

const event = (n: number) => ({ remote: 'quoting' as const, version: 'v1', kind: 'load' as const, value: n });

beforeEach(() => {
  sent.length = 0;
  vi.useFakeTimers();
  // The body as the queue built it: jsdom reads a Blob through its own timers, which are fake here.
  vi.stubGlobal(
    'Blob',
    class {
      constructor(
        readonly parts: string[],
        readonly options: { type: string },
      ) {}
    },
  );
  vi.stubGlobal('navigator', {
    sendBeacon: (url: string, body: { parts: string[]; options: { type: string } }) => {
      expect(body.options.type).toBe('application/json');
      const { token, events } = JSON.parse(body.parts.join('')) as { token: unknown; events: unknown[] };
      // The page load's trace rides in the address (decision 0088); compared here without it.
      expect(url).toMatch(/\?traceparent=00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      sent.push({ url: url.replace(/\?traceparent=.*$/, ''), token, events });
      return true;
    },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the measurement queue', () => {
  it("sends one batch a few seconds after the first measurement, with the page load's token", async () => {
    pageServed([
      { name: 'cache', description: 'hit' },
      { name: RUM_TOKEN_TIMING, description: TOKEN },
    ]);
    const { recordRum } = await freshQueue(1);
    recordRum(event(1));
    recordRum(event(2));
    await vi.advanceTimersByTimeAsync(4_000);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(sent).toEqual([{ url: RUM_PATH, token: TOKEN, events: [event(1), event(2)] }]);
  });

  it('sends at once when the batch is full, and when the page is hidden', async () => {
    pageServed([{ name: RUM_TOKEN_TIMING, description: TOKEN }]);
    const { recordRum } = await freshQueue(1);
    for (let i = 0; i < RUM_BATCH_MAX; i++) recordRum(event(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.events).toHaveLength(RUM_BATCH_MAX);

    recordRum(event(99));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.at(-1)!.events).toEqual([event(99)]);
  });

  it('sends nothing from a page load without a token (a page from elsewhere): none of it would count', async () => {
    pageServed([{ name: 'cache', description: 'hit' }]);
    const { recordRum, flushRum } = await freshQueue(1);
    recordRum(event(1));
    flushRum();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual([]);
  });

  it('sends nothing from a page load left out of the sample', async () => {
    pageServed([{ name: RUM_TOKEN_TIMING, description: TOKEN }]);
    const { recordRum, isSampled } = await freshQueue(0);
    recordRum(event(1));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(isSampled()).toBe(false);
    expect(sent).toEqual([]);
  });
});
