// @vitest-environment node
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { rspack, type RspackOptions, type Stats } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_EAGERLY } from '@agency/contracts/build';

const FEDERATION_PACKAGE = /[\\/]@module-federation[\\/]/;

const run = (config: RspackOptions) =>
  new Promise<Stats>((resolve, reject) => {
    rspack(config).run((error, stats) => (error || !stats ? reject(error ?? new Error('no stats')) : resolve(stats)));
  });

/** Every file the build read as a module. */
const bundledFiles = (stats: Stats) => [...stats.compilation.fileDependencies];

describe("the shell's production build (decision 0015)", () => {
  let out: string;
  let files: string[];

  beforeAll(async () => {
    out = await mkdtemp(path.join(os.tmpdir(), 'shell-build-'));
    // The config reads NODE_ENV when it loads; the test must see the production build.
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      const { default: config } = (await import('../rspack.config')) as { default: RspackOptions };
      const stats = await run({ ...config, mode: 'production', output: { ...config.output, path: out } });
      expect(stats.hasErrors(), stats.toString({ all: false, errors: true })).toBe(false);
      files = bundledFiles(stats);
    } finally {
      process.env.NODE_ENV = previous;
    }
  }, 60_000);

  afterAll(() => rm(out, { recursive: true, force: true }));

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
