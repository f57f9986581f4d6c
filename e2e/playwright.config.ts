import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '@agency/gateway/testing';

/**
 * Two workers, each with a gateway and database of its own (support/fixtures.ts, decision 0091). Files are spread
 * over the workers and a file's tests run in order in one of them, unless the file says its tests are independent
 * (`test.describe.configure({ mode: 'parallel' })`). `E2E_WORKERS` sets another count (1 to watch one test at a time).
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  // A hang guard, not a speed target: every assertion waits on state and returns as soon as it holds; on a busy
  // two-core machine a page's code, a render or an e-mail can take well over 10 s (decision 0104).
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: [...chromiumArgs] },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
