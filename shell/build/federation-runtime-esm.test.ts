// @vitest-environment node
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { RspackOptions, Stats } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_EAGERLY, productionBuild } from '@agency/contracts/build';

const FEDERATION_PACKAGE = /[\\/]@module-federation[\\/]/;

/** Every file the build read as a module. */
const bundledFiles = (stats: Stats) => [...stats.compilation.fileDependencies];

describe("the shell's production build (decision 0015)", () => {
  let out: string;
  let files: string[];

  beforeAll(async () => {
    const build = await productionBuild(() => import('../rspack.config') as Promise<{ default: RspackOptions }>);
    out = build.out;
    files = bundledFiles(build.stats);
  }, 60_000);

  afterAll(() => out && rm(out, { recursive: true, force: true }));

  it('bundles the federation runtime', () => {
    expect(files.filter((f) => FEDERATION_PACKAGE.test(f)).length).toBeGreaterThan(10);
  });

  it('bundles it as ES modules only, so it can be scope-hoisted and tree-shaken', () => {
    expect(files.filter((f) => FEDERATION_PACKAGE.test(f) && f.endsWith('.cjs'))).toEqual([]);
  });

  it('asks V8 to compile each script as it streams in, on the first line after minification (decision 0045)', async () => {
    const assets = path.join(out, 'assets');
    const scripts = (await readdir(assets)).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    for (const script of scripts)
      expect((await readFile(path.join(assets, script), 'utf8')).split('\n', 1)[0], script).toBe(COMPILE_EAGERLY);
  });
});
