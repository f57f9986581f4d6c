#!/usr/bin/env node
// The gateway's import drawing (decision 0092): which parts of gateway/src import which, as a Mermaid graph, with
// the arrows that point back up (platform -> area, anything -> the composition) and the circles between parts.
// `node scripts/gateway-drawing.mjs [--platform-as-one] [gateway/src folder]`; tests are left out. A part is a folder of areas/ or
// platform/ (a file directly in platform/ is its own part), another top folder of src, or `composition` for the
// process, app and API files at the top of src and the operator commands in cli/ (another file at the top of src is
// its own part).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
/** `--platform-as-one`: the platform's parts drawn as one, for the areas' overview. */
const PLATFORM_AS_ONE = args.includes('--platform-as-one');
const SRC = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'gateway/src');
const files = readdirSync(SRC, { recursive: true })
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const known = new Set(files);
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

const COMPOSITION = new Set(['main.ts', 'app.ts', 'api.ts']);

function partOf(file) {
  const [top, second] = file.split('/');
  if (top === 'cli' || COMPOSITION.has(top)) return 'composition';
  if (second === undefined) return top.replace(/\.ts$/, '');
  if (top === 'platform' && PLATFORM_AS_ONE) return 'platform';
  if (top === 'areas' || top === 'platform') return `${top}/${second.replace(/\.ts$/, '')}`;
  return top;
}

const edges = new Map();
for (const file of files) {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  for (const [, spec] of text.matchAll(SPECIFIER)) {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    const target = [base, `${base}.ts`, `${base}/index.ts`].find((f) => known.has(f));
    if (!target) continue;
    const [from, to] = [partOf(file), partOf(target)];
    if (from !== to) edges.set(`${from} -> ${to}`, (edges.get(`${from} -> ${to}`) ?? 0) + 1);
  }
}

const up = [...edges.keys()].filter((edge) => {
  const [from, to] = edge.split(' -> ');
  const platform = (part) => part === 'platform' || part.startsWith('platform/');
  return (platform(from) && !platform(to)) || to === 'composition';
});
const graph = new Map();
for (const edge of edges.keys()) {
  const [from, to] = edge.split(' -> ');
  graph.set(from, [...(graph.get(from) ?? []), to]);
}
// Circles: the groups of parts that all reach each other (strongly connected, Tarjan's algorithm).
const circles = [];
const order = new Map();
const low = new Map();
const stack = [];
let counter = 0;
const connect = (part) => {
  order.set(part, counter);
  low.set(part, counter++);
  stack.push(part);
  for (const next of graph.get(part) ?? []) {
    if (!order.has(next)) {
      connect(next);
      low.set(part, Math.min(low.get(part), low.get(next)));
    } else if (stack.includes(next)) low.set(part, Math.min(low.get(part), order.get(next)));
  }
  if (low.get(part) === order.get(part)) {
    const group = stack.splice(stack.indexOf(part));
    if (group.length > 1) circles.push(group.sort().join(', '));
  }
};
for (const part of graph.keys()) if (!order.has(part)) connect(part);

const id = (part) => part.replace(/[^a-z0-9]/gi, '_');
const parts = [...new Set([...edges.keys()].flatMap((e) => e.split(' -> ')))].sort();
const lines = ['graph TD'];
for (const group of ['areas', 'platform']) {
  const members = parts.filter((p) => p.startsWith(`${group}/`));
  if (!members.length) continue;
  lines.push(`  subgraph ${group}`);
  for (const p of members) lines.push(`    ${id(p)}["${p.slice(group.length + 1)}"]`);
  lines.push('  end');
}
for (const p of parts.filter((p) => !p.includes('/'))) lines.push(`  ${id(p)}["${p}"]`);
for (const [edge, count] of [...edges].sort()) {
  const [from, to] = edge.split(' -> ');
  lines.push(`  ${id(from)} -->|${count}| ${id(to)}`);
}
console.log(lines.join('\n'));
console.log(`%% ${parts.length} parts, ${edges.size} arrows, ${up.length} back up, ${circles.length} circles`);
for (const edge of up) console.log(`%% back up: ${edge}`);
for (const circle of circles) console.log(`%% circle among: ${circle}`);
