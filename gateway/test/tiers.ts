/**
 * The gateway's vitest tiers (decision 0104). `pnpm test` here runs the unit tier: files that work in this process
 * (an app on its own database file, an in-process bucket). `pnpm test:system` runs the files that start processes
 * (a gateway or the CLI under tsx, a libSQL server, a bucket process, git, a sandboxed child): slower, and the ones a
 * busy machine stretches most. `test/tiers.test.ts` keeps this list in step with what the files do.
 */
export const SYSTEM = [
  'src/areas/google/nightly-fleet.test.ts',
  'src/areas/ops/restore-drill.test.ts',
  'src/areas/portal/portal-origin.test.ts',
  'src/areas/portal/report-pdf-images.test.ts',
  'src/areas/releases/browser-checks.test.ts',
  'src/areas/releases/deploy-costs.test.ts',
  'src/areas/releases/deploy-tokens.test.ts',
  'src/areas/releases/migrate-store.test.ts',
  'src/areas/releases/publish-crash.test.ts',
  'src/areas/releases/release-crash.test.ts',
  'src/areas/releases/release-gates.test.ts',
  'src/areas/releases/remotes-cli.test.ts',
  'src/areas/releases/team-repository.test.ts',
  'src/areas/releases/team-text.test.ts',
  'src/platform/env.test.ts',
  'src/platform/outbox/outbox-fleet.test.ts',
  'src/platform/render/team-code-sandbox.test.ts',
  'test/crash.test.ts',
  'test/data-directory.test.ts',
  'test/lifecycle.test.ts',
  'test/outage.test.ts',
  'test/scale-out.test.ts',
];

/** Files that replace modules with vi.mock: they get modules of their own, so no other file sees their mocks. */
export const MOCKING = ['src/areas/content/content-hostile.test.ts', 'src/areas/accounts/passwords.test.ts'];

export const ALL = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/** What in a test file's source means it starts a process: the tier it belongs in is `SYSTEM`. */
export const STARTS_PROCESSES =
  /node:child_process|from '(?:\.{1,2}\/)+(?:test\/)?site-process'|testing\/start-gateway|startSqld|startBucketProcess/;
