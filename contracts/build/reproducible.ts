import { rspack, type RspackPluginInstance } from '@rspack/core';

/**
 * Module and chunk ids numbered in the module graph's order. Rspack's default (`deterministic`) hashes each module's
 * identifier, and federation's generated modules (the consumed shared modules, the bundler runtime's start-up
 * module) name absolute paths in theirs: the same commit built in two folders got other ids, so other file hashes and
 * another version name. A remote's files are served under its version's own folder, so ids kept stable across
 * releases would save no browser a download.
 */
export const PATH_FREE_IDS = { moduleIds: 'natural', chunkIds: 'natural' } as const;

/** Federation's files that list entries in whatever order its parallel build finished them. */
const FEDERATION_LISTS = ['mf-manifest.json', 'mf-stats.json'];
const byId = (a: { id?: string }, b: { id?: string }) => ((a.id ?? '') < (b.id ?? '') ? -1 : a.id === b.id ? 0 : 1);

/** Sorts the shared modules, exposed modules and remotes of federation's manifest and stats by id. */
export const sortedFederationLists = (): RspackPluginInstance => ({
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SortedFederationLists', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'SortedFederationLists', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          for (const file of FEDERATION_LISTS) {
            const asset = compilation.getAsset(file);
            if (!asset) continue;
            const json = JSON.parse(asset.source.source().toString()) as Record<string, unknown>;
            for (const key of ['shared', 'exposes', 'remotes'])
              if (Array.isArray(json[key])) (json[key] as { id?: string }[]).sort(byId);
            compilation.updateAsset(file, new rspack.sources.RawSource(JSON.stringify(json, null, 2)));
          }
        },
      );
    });
  },
});
