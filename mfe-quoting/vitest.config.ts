import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    // A worker per core (Vitest leaves one free by default: a single worker on two cores).
    maxWorkers: availableParallelism(),
    // A hang guard: typing a whole form with user-event in jsdom takes seconds, and many more on a busy machine.
    testTimeout: 60_000,
    // Node 25+ has a Web Storage of its own, switched on by default; without a file it is undefined, and the
    // environment keeps Node's global over jsdom's, so `window.localStorage` would be missing in every test.
    execArgv: ['--no-experimental-webstorage'],
  },
});
