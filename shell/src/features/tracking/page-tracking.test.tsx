import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent } from '@agency/contracts';

const events: AnalyticsEvent[] = [];
vi.mock('../../host-api', () => ({
  hostApi: { config: { analyticsId: undefined, pixelId: undefined }, track: (e: AnalyticsEvent) => events.push(e) },
}));
const { PageTracking } = await import('./page-tracking');

const named = (name: string) => events.filter((e) => e.name === name);

function setup() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <PageTracking />
            <form aria-label="Enquiry">
              <input aria-label="Name" />
              <input aria-label="Email" />
              <button>Send</button>
            </form>
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('PageTracking', () => {
  beforeEach(() => {
    events.length = 0;
    vi.useFakeTimers();
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 2000, configurable: true });
    Object.defineProperty(window, 'innerHeight', { value: 1000, configurable: true });
  });
  afterEach(() => vi.useRealTimers());

  it('sends a page view on load and on each route change', async () => {
    const router = setup();
    await act(() => router.navigate('/faq'));
    expect(named('page_view').map((e) => e.params?.path)).toEqual(['/', '/faq']);
  });

  it('reports each scroll depth once, checking at most every 250 ms', () => {
    setup();
    scrollTo(300);
    scrollTo(600);
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(named('scroll_depth').map((e) => e.params?.percent)).toEqual([25, 50]);
    scrollTo(800);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(named('scroll_depth')).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(150);
    });
    expect(named('scroll_depth').map((e) => e.params?.percent)).toEqual([25, 50, 75]);
    scrollTo(1000);
    scrollTo(0);
    scrollTo(1000);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(named('scroll_depth').map((e) => e.params?.percent)).toEqual([25, 50, 75, 100]);
  });

  it('reports engagement time on route change only above one second', async () => {
    const router = setup();
    act(() => {
      vi.advanceTimersByTime(900);
    });
    await act(() => router.navigate('/blog'));
    expect(named('engagement_time')).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(3200);
    });
    await act(() => router.navigate('/faq'));
    expect(named('engagement_time')).toEqual([{ name: 'engagement_time', params: { seconds: 3, path: '/blog' } }]);
  });

  it('records every form submission', () => {
    setup();
    document.querySelector('form')!.addEventListener('submit', (e) => e.preventDefault());
    document.querySelector('button')!.click();
    expect(named('form_submit')).toEqual([{ name: 'form_submit', params: { form: 'Enquiry', path: '/' } }]);
  });

  it('records a form start once, at the first thing typed in it', () => {
    setup();
    const [name, email] = [...document.querySelectorAll('input')];
    for (const input of [name, name, email]) input!.dispatchEvent(new Event('input', { bubbles: true }));
    expect(named('form_start')).toEqual([{ name: 'form_start', params: { form: 'Enquiry', path: '/' } }]);
  });
});
