import type { ReleaseFigures, Releases } from '@agency/contracts';

/** What `GET /api/admin/releases` answers in the Releases tab's tests: one remote of each kind. */
export const STARTED = '2026-11-25T01:30:00.000Z';

const figures = (over: Partial<ReleaseFigures> = {}): ReleaseFigures => ({
  pageLoads: 0,
  errors: 0,
  loadFailures: 0,
  errorRate: null,
  loadP75Ms: null,
  lcpP75Ms: null,
  inpP75Ms: null,
  clsP75: null,
  samples: 0,
  failingAddresses: 0,
  serverRenders: 0,
  serverRenderFailures: 0,
  ...over,
});

const liveFigures = figures({
  pageLoads: 1200,
  errors: 18,
  loadFailures: 0,
  errorRate: 0.015,
  loadP75Ms: 1234.4,
  lcpP75Ms: 2100.6,
  inpP75Ms: 180,
  clsP75: 0.0523,
  samples: 5400,
  failingAddresses: 17,
  serverRenders: 40,
  serverRenderFailures: 0,
});
// A young canary: loads and errors counted, no interaction measured yet.
const canaryFigures = figures({
  pageLoads: 1,
  errors: 0,
  loadFailures: 1,
  errorRate: 0.5,
  loadP75Ms: 987,
  lcpP75Ms: 1800,
  clsP75: 0,
  samples: 3,
  failingAddresses: 1,
  serverRenders: 4,
  serverRenderFailures: 1,
});

export const releases: Releases = {
  remotes: [
    {
      name: 'marketing',
      external: false,
      since: '2026-11-24T02:00:00.000Z',
      live: { version: '0.1.0-3f2a', figures: figures() },
      canary: null,
      lastAbort: {
        version: '0.1.0-9c1d',
        at: '2026-11-24T21:05:00.000Z',
        reason: 'error rate 6.0% over 250 page loads against 1.0% for the live version (900 page loads)',
        automatic: true,
      },
    },
    {
      name: 'quoting',
      external: false,
      since: STARTED,
      live: { version: '0.4.0-aa11', figures: liveFigures },
      canary: { version: '0.5.0-bb22', percent: 12.5, startedAt: STARTED, figures: canaryFigures },
      lastAbort: { version: '0.5.0-0000', at: '2026-11-20T03:00:00.000Z', reason: 'typo', automatic: false },
    },
    { name: 'account', external: true, since: '2026-11-24T02:00:00.000Z', live: null, canary: null, lastAbort: null },
  ],
  rule: { minPageLoads: 200, errorMargin: 0.02, minFailingAddresses: 25, pageLoadsPerAddress: 3, minRenderFailures: 3 },
};
