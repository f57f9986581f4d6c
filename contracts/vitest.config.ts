import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{src,client,ui,build}/**/*.test.{ts,tsx}'],
    // A worker per core (Vitest leaves one free by default: a single worker on two cores).
    maxWorkers: availableParallelism(),
    // A hang guard: the boundary tests start ESLint with the workspace's config, which alone took over 5 s on a
    // busy two-core machine.
    testTimeout: 60_000,
  },
});
