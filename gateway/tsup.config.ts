import { defineConfig } from 'tsup';

// Bundles the gateway and the workspace's TypeScript-only `contracts` into plain ESM for Node;
// npm dependencies stay external and load from node_modules.
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    // Server renders run in worker threads started from this file, beside main.js (decision 0022).
    'render-worker': 'src/render/render-worker.ts',
    // Markdown renders run in a thread started from this file, beside main.js (decision 0049).
    'markdown-worker': 'src/content/markdown-worker.ts',
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
});
