import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The areas of the gateway (decision 0092); everything else is the platform below them or the composition above. */
const AREAS = [
  'accounts',
  'audit',
  'content',
  'google',
  'leads',
  'ops',
  'pages',
  'portal',
  'privacy',
  'quotes',
  'releases',
  'tracking',
];
/**
 * The top of src/: the areas, the platform, and the composition above them (the process, the app and the API that
 * mount the areas, and the operator commands).
 */
const TOP = ['api.ts', 'app.ts', 'areas/', 'cli/', 'main.ts', 'platform/'];

async function sourceFiles(): Promise<string[]> {
  return (await readdir(SRC, { recursive: true }))
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.ts'));
}

/**
 * Every source file of gateway/src with the files of gateway/src it imports. Tests are left out (decision 0109): a
 * test beside an area's code sets up the whole app through the shared toolkit in gateway/test and may reach into
 * any part, as the files in gateway/test do; the parts' rules below are about the code that ships.
 */
async function importGraph(): Promise<Map<string, string[]>> {
  const files = (await sourceFiles()).filter((f) => !f.endsWith('.test.ts'));
  const known = new Set(files);
  const resolve = (from: string, spec: string) => {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
    return [base, `${base}.ts`, `${base}/index.ts`].find((f) => known.has(f));
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = await readFile(path.join(SRC, file), 'utf8');
    const deps = [...text.matchAll(SPECIFIER)].map((m) => resolve(file, m[1]!)).filter((f) => f !== undefined);
    graph.set(file, deps);
  }
  return graph;
}

/** `areas/leads`, `platform/db` (a file directly in platform/ is its own part), or `composition`. */
const partOf = (file: string) => {
  const [top, second] = file.split('/');
  if (top === 'areas' || top === 'platform') return `${top}/${second!.replace(/\.ts$/, '')}`;
  return 'composition';
};

async function imports() {
  const all: { file: string; dep: string; from: string; to: string }[] = [];
  for (const [file, deps] of await importGraph())
    for (const dep of deps) all.push({ file, dep, from: partOf(file), to: partOf(dep) });
  return all;
}

describe('the gateway by area over a platform (decision 0092)', () => {
  it('has only the areas, the platform and the composition at the top of src', async () => {
    const top = new Set((await sourceFiles()).map((f) => (f.includes('/') ? `${f.split('/')[0]}/` : f)));
    expect([...top].sort()).toEqual(TOP);
    const areas = new Set((await sourceFiles()).filter((f) => f.startsWith('areas/')).map((f) => f.split('/')[1]));
    expect([...areas].sort()).toEqual(AREAS);
    for (const area of AREAS) expect((await sourceFiles()).includes(`areas/${area}/index.ts`)).toBe(true);
  });

  it('keeps the platform below the areas: it imports no area and not the composition', async () => {
    const upward = (await imports())
      .filter(({ from, to }) => from.startsWith('platform/') && !to.startsWith('platform/'))
      .map(({ file, dep }) => `${file} -> ${dep}`);
    expect(upward).toEqual([]);
  });

  it('lets areas meet only through each other’s index.ts, and never import the composition', async () => {
    const around = (await imports())
      .filter(({ from, to }) => from.startsWith('areas/') && from !== to && !to.startsWith('platform/'))
      .filter(({ to, dep }) => to === 'composition' || dep !== `${to}/index.ts`)
      .map(({ file, dep }) => `${file} -> ${dep}`);
    expect(around).toEqual([]);
    const intoArea = (await imports())
      .filter(({ from, to, dep }) => from === 'composition' && to.startsWith('areas/') && dep !== `${to}/index.ts`)
      .map(({ file, dep }) => `${file} -> ${dep}`);
    expect(intoArea).toEqual([]);
  });

  it('has no pair of parts that import each other, and no circle of parts', async () => {
    const graph = new Map<string, Set<string>>();
    for (const { from, to } of await imports())
      if (from !== to) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    const circles: string[] = [];
    const done = new Set<string>();
    const visit = (part: string, trail: string[]) => {
      if (trail.includes(part)) return void circles.push([...trail.slice(trail.indexOf(part)), part].join(' -> '));
      if (done.has(part)) return;
      for (const next of graph.get(part) ?? []) visit(next, [...trail, part]);
      done.add(part);
    };
    for (const part of graph.keys()) visit(part, []);
    expect(circles).toEqual([]);
  });

  it('keeps tests beside the code: no code imports a test, no test imports another (decision 0109)', async () => {
    const GATEWAY = path.resolve(SRC, '..');
    const files = [
      ...(await sourceFiles()).map((f) => `src/${f}`),
      ...(await readdir(path.join(GATEWAY, 'test'))).filter((f) => f.endsWith('.ts')).map((f) => `test/${f}`),
    ];
    const intoTests: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(GATEWAY, file), 'utf8');
      for (const [, spec] of text.matchAll(SPECIFIER))
        if (/\.test(\.ts)?$/.test(spec!)) intoTests.push(`${file} -> ${spec}`);
    }
    expect(intoTests).toEqual([]);
  });

  it('has no import cycle between files', async () => {
    const graph = await importGraph();
    const done = new Set<string>();
    const cycles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      if (trail.includes(file)) return void cycles.push([...trail.slice(trail.indexOf(file)), file].join(' -> '));
      if (done.has(file)) return;
      for (const dep of graph.get(file) ?? []) visit(dep, [...trail, file]);
      done.add(file);
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
