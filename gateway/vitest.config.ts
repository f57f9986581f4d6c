import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { ALL, MOCKING, SYSTEM } from './test/tiers';

/** The unit tier runs by default (`vitest run`); `vitest run --project system` is the system tier (test/tiers.ts). */
export default defineConfig({
  test: {
    // Hang guards, not speed targets: tests that start the CLI or a gateway process (tsx) take seconds each when
    // the host is busy.
    testTimeout: 60_000,
    hookTimeout: 30_000,
    pool: 'forks',
    setupFiles: ['test/check-answers.ts'],
    // A worker per core (Vitest leaves one free by default: a single worker on two cores). These tests spend much of
    // their time waiting on sockets, timers and child processes: on two cores, 3 minutes instead of 5.
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'mocking', include: MOCKING } },
      {
        extends: true,
        // Most of a file's time was importing the gateway (Hono, drizzle, the AWS SDK, WebAuthn) afresh: files in
        // one worker share those modules instead (2.4x faster on ten files). Each file still opens its own database
        // and app (test/helpers.ts), so no state is shared but the modules' code.
        test: { name: 'gateway', include: ALL, exclude: [...MOCKING, ...SYSTEM], isolate: false },
      },
      { extends: true, test: { name: 'system', include: SYSTEM, isolate: false } },
    ],
  },
});
