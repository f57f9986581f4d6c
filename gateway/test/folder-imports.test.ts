import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');
const IMPORT = /^\s*(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]/gm;

/** Every source file of gateway/src (tests aside) with the files of gateway/src it imports. */
async function importGraph(): Promise<Map<string, string[]>> {
  const files = (await readdir(SRC, { recursive: true }))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.split(path.sep).join('/'));
  const known = new Set(files);
  const resolve = (from: string, spec: string) => {
    const base = path.posix.join(path.posix.dirname(from), spec);
    return [`${base}.ts`, `${base}/index.ts`].find((f) => known.has(f));
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = await readFile(path.join(SRC, file), 'utf8');
    const deps = [...text.matchAll(IMPORT)].map((m) => resolve(file, m[1]!)).filter((f) => f !== undefined);
    graph.set(file, deps);
  }
  return graph;
}

const folderOf = (file: string) => (file.includes('/') ? file.split('/')[0]! : null);

/**
 * The folders the areas build on, and the only folders each of them may import (files at the top of src/, such as
 * env.ts and logger.ts, are open to all). A lower folder importing an area (http/ importing frontends/, say) makes a
 * change to pages a change to every answer's headers, and is the first half of a pair of folders importing each
 * other.
 */
const LOWER_FOLDERS: Record<string, string[]> = {
  db: [],
  storage: [],
  files: ['storage'],
  http: ['db'],
  audit: ['db'],
};

describe('the gateway import graph (decision 0052)', () => {
  it('keeps the lower folders below the areas', async () => {
    const upward = new Set<string>();
    for (const [file, deps] of await importGraph())
      for (const dep of deps) {
        const [from, to] = [folderOf(file), folderOf(dep)];
        const allowed = from ? LOWER_FOLDERS[from] : undefined;
        if (allowed && to && to !== from && !allowed.includes(to)) upward.add(`${file} -> ${dep}`);
      }
    expect([...upward]).toEqual([]);
  });

  it('has no pair of folders that import each other', async () => {
    const edges = new Map<string, string>();
    for (const [file, deps] of await importGraph())
      for (const dep of deps) {
        const [from, to] = [folderOf(file), folderOf(dep)];
        if (from && to && from !== to) edges.set(`${from} -> ${to}`, `${file} -> ${dep}`);
      }
    const both = [...edges.keys()]
      .filter((edge) => edges.has(edge.split(' -> ').reverse().join(' -> ')))
      .map((edge) => edges.get(edge));
    expect(both).toEqual([]);
  });

  it('has no import cycle', async () => {
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
