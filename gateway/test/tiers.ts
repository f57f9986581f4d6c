/**
 * The gateway's vitest tiers (decision 0104). `pnpm test` here runs the unit tier: files that work in this process
 * (an app on its own database file, an in-process bucket). `pnpm test:system` runs the files that start processes
 * (a gateway or the CLI under tsx, a libSQL server, a bucket process, git, a sandboxed child): slower, and the ones a
 * busy machine stretches most. `test/tiers.test.ts` keeps this list in step with what the files do.
 */
export const SYSTEM = [
  'test/browser-checks.test.ts',
  'test/crash.test.ts',
  'test/data-directory.test.ts',
  'test/deploy-costs.test.ts',
  'test/deploy-tokens.test.ts',
  'test/env.test.ts',
  'test/lifecycle.test.ts',
  'test/migrate-store.test.ts',
  'test/outage.test.ts',
  'test/outbox-fleet.test.ts',
  'test/portal-origin.test.ts',
  'test/publish-crash.test.ts',
  'test/release-crash.test.ts',
  'test/release-gates.test.ts',
  'test/remotes-cli.test.ts',
  'test/restore-drill.test.ts',
  'test/scale-out.test.ts',
  'test/team-code-sandbox.test.ts',
  'test/team-repository.test.ts',
  'test/team-text.test.ts',
];

/** Files that replace modules with vi.mock: they get modules of their own, so no other file sees their mocks. */
export const MOCKING = ['test/content-hostile.test.ts', 'src/areas/accounts/passwords.test.ts'];

export const ALL = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/** What in a test file's source means it starts a process: the tier it belongs in is `SYSTEM`. */
export const STARTS_PROCESSES =
  /node:child_process|from '(?:\.{1,2}\/)+(?:test\/)?site-process'|testing\/start-gateway|startSqld|startBucketProcess/;
