import { defineConfig } from 'tsup';

export default defineConfig([
  // Bundles the gateway and the workspace's TypeScript-only `contracts` into plain ESM for Node;
  // npm dependencies stay external and load from node_modules.
  {
    entry: {
      main: 'src/main.ts',
      // Server renders run in sandboxed processes given this file's code, read from beside main.js (or from above
      // dist/cli/ for the operator's `remotes publish`, which renders a build's pages as its checks); decision 0073.
      'render-process': 'src/platform/render/render-process.ts',
      // Markdown renders run in a thread started from this file, beside main.js (decision 0049).
      'markdown-worker': 'src/areas/content/markdown-worker.ts',
      // Report PDFs are built in a thread started from this file, beside main.js (decision 0113).
      'report-pdf-worker': 'src/areas/portal/report-pdf-worker.ts',
      'cli/remotes': 'src/cli/remotes.ts',
      'cli/create-admin': 'src/cli/create-admin.ts',
      'cli/seed-demo': 'src/cli/seed-demo.ts',
      'cli/reset-second-factor': 'src/cli/reset-second-factor.ts',
      'cli/backup': 'src/cli/backup.ts',
      'cli/restore': 'src/cli/restore.ts',
    },
    format: 'esm',
    platform: 'node',
    target: 'node24',
    noExternal: ['@agency/contracts'],
    clean: true,
    sourcemap: true,
  },
  // The shell's federation runtime as one browser script, for the remote-entry check's sandbox (decision 0080):
  // dist/federation-runtime.global.js, read by releases/entry-check.ts.
  {
    entry: { 'federation-runtime': 'src/areas/releases/federation-runtime.ts' },
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    noExternal: [/.*/],
    // The runtime reads this from `process.env`, which the check's browser-like context does not have.
    define: { 'process.env.FEDERATION_DEBUG': '""' },
    clean: false,
    sourcemap: false,
  },
]);
