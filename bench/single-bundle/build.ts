import path from 'node:path';
import { rspack, type Configuration, type RspackPluginInstance } from '@rspack/core';
import { REMOTE_NAMES } from '@agency/contracts';
import { pageModules } from '@agency/contracts/build';

const repo = path.resolve(import.meta.dirname, '../..');
const shellSrc = path.join(repo, 'shell/src');

export const SINGLE_BUNDLE_DIR = path.join(import.meta.dirname, 'dist');

/**
 * The shell's own production config (shell/rspack.config.ts: entry, loaders, output names) without Module
 * Federation, and with federation/remotes.ts swapped for ./remotes.ts, which imports the remotes' exposed modules
 * directly. The start-up preload hints go too: they follow the federated chunk graph, and here they would hint
 * every remote page. Deriving it keeps the comparison honest when the shell's build changes.
 * The gateway serves the result unchanged through SHELL_DIR.
 */
async function singleBundleConfig(): Promise<Configuration> {
  process.env.NODE_ENV = 'production'; // the shell's config picks production settings from it when loaded
  const { default: shell } = (await import('../../shell/rspack.config')) as { default: Configuration };
  const plugins = (shell.plugins ?? []).filter(Boolean) as RspackPluginInstance[];
  const dropped = ['ModuleFederationPlugin', 'PreloadStartupChunks'];
  const withoutFederation = plugins.filter((p) => !dropped.includes(p.constructor.name));
  if (withoutFederation.length !== plugins.length - dropped.length)
    throw new Error(`shell/rspack.config.ts: expected ${dropped.join(' and ')}`);
  return {
    ...shell,
    mode: 'production',
    output: { ...shell.output, path: SINGLE_BUNDLE_DIR, uniqueName: 'agency_single_bundle' },
    plugins: [
      // Each remote's exposed page modules, as its own build generates them from its src/pages.ts (the shell's rules
      // already parse them).
      ...REMOTE_NAMES.map((remote) => pageModules(path.join(repo, `mfe-${remote}`), remote)),
      // Every shell import of federation/remotes ('./federation/remotes', './remotes'); contracts has its own remotes.ts.
      new rspack.NormalModuleReplacementPlugin(/^\.\/(?:federation\/)?remotes$/, (resource) => {
        if (resource.context.startsWith(shellSrc)) resource.request = path.join(import.meta.dirname, 'remotes.ts');
      }),
      ...withoutFederation,
    ],
  };
}

export async function buildSingleBundle(): Promise<void> {
  const config = await singleBundleConfig();
  return new Promise((resolve, reject) => {
    rspack(config).run((error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}
