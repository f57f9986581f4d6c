import path from 'node:path';
import { SHARED_SINGLETONS } from '../src/remotes';
import type { RemoteName } from '../src/remotes';
import { SERVER_BUILD_FILE } from '../src/server-render';
import { ASSET_MODULE_FILENAME, swcRule } from './compile';
import { pageModules, pageModulesRule, pagesMapRule, SERVER_PAGES_ENTRY } from './page-modules';

interface Options {
  /** The app's folder (its rspack config's `import.meta.dirname`). */
  context: string;
  /** The shell's own entry; a remote's server build names the remote instead, and its entry is made from src/pages.ts. */
  entry: string | { remote: RemoteName };
  /**
   * A remote takes the federation singletons from the shell's server build at run time (one React, one
   * router for the whole page), so they are left as `require()`s; the shell bundles them.
   */
  externalShared: boolean;
}

const isShared = (request: string) =>
  SHARED_SINGLETONS.some((spec) => (spec.endsWith('/') ? request.startsWith(spec) : request === spec));

/**
 * The Rspack config of a frontend's server build (decision 0013): the same sources compiled for Node into
 * `dist/ssr/server.cjs`, beside the browser build it must match. Styles are the browser build's business (the
 * gateway links them); assets are not emitted again, only named, with the browser build's file names.
 */
export function serverBuildConfig({ context, entry, externalShared }: Options) {
  const file = path.resolve(context, 'dist', SERVER_BUILD_FILE);
  const remote = typeof entry === 'string' ? null : entry.remote;
  return {
    context,
    name: 'server',
    target: 'node20' as const,
    mode: 'production' as const,
    entry: { server: remote ? SERVER_PAGES_ENTRY : (entry as string) },
    output: {
      path: path.dirname(file),
      filename: path.basename(file),
      library: { type: 'commonjs2' as const },
      // Set at run time from the URL the browser build is served under (see RemoteServerBuild.pages).
      publicPath: '',
      assetModuleFilename: ASSET_MODULE_FILENAME,
      clean: true,
    },
    externalsType: 'commonjs' as const,
    externals: externalShared
      ? [
          ({ request }: { request?: string }, callback: (error?: Error, result?: string) => void) =>
            request && isShared(request) ? callback(undefined, request) : callback(),
        ]
      : [],
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: {
      rules: [
        swcRule(),
        // Imported for their side effect in the browser; on the server the text is inert.
        { test: /\.css$/, type: 'asset/source' as const },
        { test: /\.(png|jpe?g|webp|svg|avif)$/, type: 'asset/resource' as const, generator: { emit: false } },
        pageModulesRule,
        pagesMapRule,
      ],
    },
    plugins: remote ? [pageModules(context, remote)] : [],
    optimization: { minimize: false, splitChunks: false as const },
    devtool: false as const,
  };
}
