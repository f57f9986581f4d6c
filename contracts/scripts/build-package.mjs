// The published form of @agency/contracts (decision 0079): what a team's repository installs from the agency's npm
// registry. Inside the workspace every entry point is the TypeScript source; a package in node_modules must run
// where TypeScript does not (Node loads `./build` inside an Rspack config, Vitest loads `./testing`), so each entry
// module is compiled to an ES module in `dist/`, its declarations beside it. `publishConfig.exports` in
// package.json points the published package at them; `pnpm pack` / `pnpm publish` run this first (`prepack`).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
/** The layers published; tests are not. */
const LAYERS = ['src', 'client', 'ui', 'build', 'testing'];
const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$/;

async function sources(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await sources(full)));
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

/** The source file a relative import names (`./x` is x.ts or x.tsx, `.` or `./dir` its index). */
function sourceOf(dir, specifier) {
  const base = path.resolve(dir, specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (existsSync(candidate)) return candidate;
  throw new Error(`cannot resolve ${specifier} from ${dir}`);
}

/**
 * Each source module becomes one ES module, as in the sources: consumers' bundlers then leave out what a page does
 * not use, module by module (`sideEffects: false`), as they do inside the workspace; one bundle per entry point
 * would bring every import of an entry point into every page that uses one name of it. Relative imports get the
 * `.js` of the file they name, so Node loads `./build` without a bundler.
 */
const relativeImports = {
  name: 'relative-imports',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^\.\.?(\/|$)/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const target = sourceOf(args.resolveDir, args.path).replace(SOURCE, '.js');
      let specifier = path.relative(args.resolveDir, target).split(path.sep).join('/');
      if (!specifier.startsWith('.')) specifier = `./${specifier}`;
      return { path: specifier, external: true };
    });
  },
};

await rm(dist, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: (await Promise.all(LAYERS.map((layer) => sources(path.join(root, layer))))).flat(),
  outbase: root,
  outdir: dist,
  bundle: true,
  format: 'esm',
  // Every package stays an import, resolved in the consumer's node_modules; so does `@agency/contracts/router`, which
  // federation shares by that name (one router on the page).
  packages: 'external',
  plugins: [relativeImports],
  platform: 'neutral',
  target: 'es2022',
  jsx: 'automatic',
  // Readable output: consumers' bundlers minify, and a team can read what its build runs.
  minify: false,
  legalComments: 'inline',
  logLevel: 'warning',
});
// Types for consumers' TypeScript: declarations only, beside the JavaScript.
execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.package.json'], {
  cwd: root,
  stdio: 'inherit',
});
