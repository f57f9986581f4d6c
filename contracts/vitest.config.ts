import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // A worker per core (Vitest leaves one free by default: a single worker on two cores).
  test: { include: ['{src,client,ui,build}/**/*.test.{ts,tsx}'], maxWorkers: availableParallelism() },
});
