// @vitest-environment node
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { RspackOptions } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_EAGERLY, productionBuild } from '@agency/contracts/build';

/**
 * What the browser loads from this remote for the home page, the most visited one (decision 0043): the files the
 * manifest lists for the page beside the remote entry, and the modules in them.
 */
describe("the home page's first load from the marketing remote (decision 0043)", () => {
  let out: string;
  let firstLoad: string[];
  let later: string[];
  let firstFiles: string[];

  beforeAll(async () => {
    const build = await productionBuild(
      () => import('../rspack.config') as Promise<{ default: RspackOptions }>,
      // Same chunks, with each module named on its own rather than merged into its neighbours.
      (config) => ({ ...config, optimization: { ...config.optimization, concatenateModules: false, minimize: false } }),
    );
    out = build.out;
    const { stats } = build;
    const manifest = JSON.parse(await readFile(path.join(out, 'mf-manifest.json'), 'utf8')) as {
      exposes: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
    };
    const home = manifest.exposes.find((e) => e.name === 'home-page')!.assets.js;
    // Every module, including those the stats would group ("dependent modules") or elide for length.
    const { chunks = [] } = stats.toJson({
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
    firstFiles = [...home.sync, 'remoteEntry.js'];
    firstLoad = modulesOf(firstFiles);
    later = modulesOf(home.async);
  }, 60_000);

  afterAll(() => out && rm(out, { recursive: true, force: true }));

  it('is the page itself', () => {
    expect(firstLoad.some((m) => m.endsWith('src/features/home/home-page.tsx'))).toBe(true);
  });

  it('leaves out the route table, which the shell already ships, and keeps the path helper it needs', () => {
    expect(firstLoad.filter((m) => m.endsWith('contracts/src/routes.ts'))).toEqual([]);
    expect(firstLoad.some((m) => m.endsWith('contracts/src/paths.ts'))).toBe(true);
  });

  it('loads the HTTP client only when the page has to fetch its data', () => {
    expect(firstLoad.filter((m) => m.endsWith('contracts/client/http.ts'))).toEqual([]);
    expect(later.some((m) => m.endsWith('contracts/client/http.ts'))).toBe(true);
  });

  it("carries federation's sharing code but none for loading other remotes (a remote uses host.loadRemote)", () => {
    const bundlerRuntime = (file: string) => (m: string) =>
      new RegExp(`webpack-bundler-runtime[\\\\/]dist[\\\\/]${file}\\.`).test(m);
    expect(firstLoad.some(bundlerRuntime('consumes'))).toBe(true);
    expect(firstLoad.filter(bundlerRuntime('remotes'))).toEqual([]);
  });

  it('asks V8 to compile each of its files as it streams in (decision 0045)', async () => {
    for (const file of firstFiles)
      expect((await readFile(path.join(out, file), 'utf8')).split('\n', 1)[0], file).toBe(COMPILE_EAGERLY);
  });
});
