#!/usr/bin/env node
// No import circle anywhere, type imports included (decision 0112), run by `pnpm lint`. The packages import each other
// in one direction only (the apps use contracts, never the reverse; eslint.config.js keeps it so), so a circle can
// only lie inside one package: each package's files are followed by their relative imports (`import`, `import type`,
// `export ... from`, `import()`), and a circle is printed as the chain of files that makes it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
  .toString()
  .split('\0')
  .filter((file) => SOURCE.test(file) && !/(^|\/)(dist|node_modules)\//.test(file) && existsSync(join(root, file)));
const known = new Set(files);

const isFile = (file) => known.has(file) || (existsSync(join(root, file)) && statSync(join(root, file)).isFile());
const CANDIDATES = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx', '/index.mjs', '/index.js'];

/** The repository file a relative specifier names, or undefined (an asset, or a file outside the sources). */
function resolveImport(from, specifier) {
  const base = join(dirname(from), specifier.split('?')[0]);
  for (const suffix of CANDIDATES) {
    const file = base + suffix;
    if (SOURCE.test(file) && isFile(file)) return file;
  }
  // A `.js` specifier that names a TypeScript file (NodeNext style).
  const ts = base.replace(/\.js$/, '.ts');
  return ts !== base && isFile(ts) ? ts : undefined;
}

const graph = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((s) => s.startsWith('./') || s.startsWith('../'))
      .map((s) => resolveImport(file, s))
      .filter((target) => target && known.has(target));
    return [file, [...new Set(targets)]];
  }),
);

// Depth-first search; every back edge closes a circle.
const state = new Map();
const stack = [];
const circles = new Set();
function visit(file) {
  state.set(file, 'open');
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    if (state.get(next) === 'open') circles.add([...stack.slice(stack.indexOf(next)), next].join(' -> '));
    else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(file, 'done');
}
for (const file of graph.keys()) if (!state.has(file)) visit(file);

if (circles.size) {
  console.error(`Import circles (move the shared piece down into a module both can import):`);
  for (const circle of circles) console.error(`  ${circle}`);
  process.exit(1);
}
console.log(`No import circle in ${graph.size} files.`);
