import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    // A worker per core (Vitest leaves one free by default: a single worker on two cores).
    maxWorkers: availableParallelism(),
    // Typing a whole form with user-event in jsdom takes seconds on a busy machine: 5 s was not always enough.
    testTimeout: 20_000,
  },
});
