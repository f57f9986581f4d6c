import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { rspack, type RspackOptions, type Stats } from '@rspack/core';

/**
 * An app's production build into a fresh temporary folder, for the apps' build tests. An app's config reads
 * NODE_ENV when it loads, so `load` imports it with NODE_ENV set to production, which is put back afterwards.
 * `adjust` changes the config (not its output folder); a build with errors throws them.
 */
export async function productionBuild(
  load: () => Promise<{ default: RspackOptions }>,
  adjust: (config: RspackOptions) => RspackOptions = (config) => config,
): Promise<{ out: string; stats: Stats }> {
  const out = await mkdtemp(path.join(os.tmpdir(), 'production-build-'));
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const { default: config } = await load();
    const compiler = rspack({ ...adjust(config), mode: 'production', output: { ...config.output, path: out } });
    const stats = await new Promise<Stats>((resolve, reject) =>
      compiler.run((error, result) => (error || !result ? reject(error ?? new Error('no stats')) : resolve(result))),
    );
    if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
    return { out, stats };
  } catch (error) {
    await rm(out, { recursive: true, force: true });
    throw error;
  } finally {
    process.env.NODE_ENV = previous;
  }
}
