import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Hang guards, not speed targets: tests that start the CLI or a gateway process (tsx) take seconds each when
    // the host is busy.
    testTimeout: 60_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // A worker per core (Vitest leaves one free by default: a single worker on two cores). These tests spend much of
    // their time waiting on sockets, timers and child processes: on two cores, 3 minutes instead of 5.
    maxWorkers: availableParallelism(),
  },
});
