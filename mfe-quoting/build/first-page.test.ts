// @vitest-environment node
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { RspackOptions } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionBuild } from '@agency/contracts/build';

/**
 * What the browser loads from this remote for /price-calculator (decision 0070): the files the manifest lists for the page
 * beside the remote entry, and the modules in them. zod and the contracts' schemas (95 KB, ~10 ms of the main thread
 * on a mid-range phone to evaluate and build at import) come only when a saved quote has to be checked.
 */
describe("the price calculator's first load from the quoting remote", () => {
  let out: string;
  let firstLoad: string[];
  let later: string[];

  beforeAll(async () => {
    const build = await productionBuild(
      () => import('../rspack.config') as Promise<{ default: RspackOptions }>,
      // Same chunks, with each module named on its own rather than merged into its neighbours.
      (config) => ({ ...config, optimization: { ...config.optimization, concatenateModules: false, minimize: false } }),
    );
    out = build.out;
    const manifest = JSON.parse(await readFile(path.join(out, 'mf-manifest.json'), 'utf8')) as {
      exposes: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
    };
    const page = manifest.exposes.find((e) => e.name === 'price-calculator-page')!.assets.js;
    const { chunks = [] } = build.stats.toJson({
      all: false,
      chunks: true,
      chunkModules: true,
      dependentModules: true,
      orphanModules: true,
      chunkModulesSpace: Infinity,
    });
    const modulesOf = (files: string[]) =>
      chunks
        .filter((c) => c.files?.some((f) => files.includes(f)))
        .flatMap((c) => (c.modules ?? []).map((m) => m.name ?? ''));
    firstLoad = modulesOf([...page.sync, 'remoteEntry.js']);
    later = modulesOf(page.async);
  }, 120_000);

  afterAll(() => out && rm(out, { recursive: true, force: true }));

  it('is the calculator with its pricing engine', () => {
    expect(firstLoad.some((m) => m.endsWith('src/features/price-calculator/price-calculator-page.tsx'))).toBe(true);
    expect(firstLoad.some((m) => m.endsWith('contracts/src/pricing/calculate.ts'))).toBe(true);
  });

  it('carries no zod and no schema', () => {
    expect(firstLoad.filter((m) => /node_modules[\\/].*zod[\\/]/.test(m))).toEqual([]);
    expect(firstLoad.filter((m) => /contracts[\\/]src[\\/](schemas[\\/]|pricing[\\/]options\.ts)/.test(m))).toEqual([]);
  });

  it('loads the saved quote schema only to check a quote read back from the browser', () => {
    expect(later.some((m) => m.endsWith('contracts/src/schemas/quotes.ts'))).toBe(true);
  });
});
