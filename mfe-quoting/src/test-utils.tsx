import { screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { ReactElement } from 'react';
import type { PublicRuntimeConfig, SavedQuote } from '@agency/contracts';
import { renderWithHost as renderAtRoute } from '@agency/contracts/testing';

/** Renders `ui` at `path` inside a router with a recording stand-in for the shell. */
export const renderWithHost = (
  ui: ReactElement,
  { path = '/', config = {} }: { path?: string; config?: Partial<PublicRuntimeConfig> } = {},
) =>
  renderAtRoute(ui, {
    url: path,
    config: { bookingUrl: 'https://booking.example/agency', supportPhone: '07 123 4567', ...config },
  });

type Answer = { status?: number; body?: unknown } | 'network-error';

/**
 * Replaces fetch with a queue of answers (the last one repeats) and records every request's path and JSON
 * body. Each answer can be held back until `release()` so the pending state can be seen.
 */
export function mockFetch(...answers: Answer[]) {
  const calls: { path: string; body: unknown }[] = [];
  let hold: Promise<void> | null = null;
  let release = () => {};
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ path: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (hold) await hold;
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    holdNext() {
      hold = new Promise(
        (r) =>
          (release = () => {
            hold = null;
            r();
          }),
      );
    },
    release: () => release(),
    /**
     * Runs `act` (a click that sends the form) with the answer held back: the form's button must read
     * `pendingLabel` and be disabled until the answer is let through.
     */
    async sendHeld(act: () => Promise<unknown>, pendingLabel: string) {
      this.holdNext();
      await act();
      expect(await screen.findByRole('button', { name: pendingLabel })).toBeDisabled();
      release();
    },
  };
}

/** A saved quote as the price calculator writes it: storefront (1,198) and local SEO (640 a month), no discount. */
export const SAVED_QUOTE = {
  businessType: 'local',
  websitePackage: 'storefront',
  selectedAddOns: [],
  chatbotServices: { basicSetup: false, monthlySupport: false },
  socialMediaPlatforms: 1,
  staticPostsPerWeek: 'none',
  carouselPostsPerWeek: 'none',
  videoPostsPerWeek: 'none',
  socialMediaPageOptimizationCount: 0,
  seoServices: { authorityBlogsPerMonth: 'none', seoServices: 'local' },
  metaAdsPackage: 'none',
  selectedMetaAdsAddOns: [],
  calculation: {
    monthlyTotal: 640,
    oneTimeTotal: 1198,
    gstAmount: 179.7,
    totalWithGst: 1377.7,
    monthlyTotalWithGst: 736,
  },
} satisfies SavedQuote;

/** Waits for a toast with this title (whatever else it says). */
export const expectToast = (host: { toast: unknown }, title: string) =>
  waitFor(() => expect(host.toast).toHaveBeenCalledWith(expect.objectContaining({ title })));
