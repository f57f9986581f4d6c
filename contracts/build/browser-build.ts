import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration, type RspackPluginInstance } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import tailwind from '@tailwindcss/postcss';
import { BROWSER_TARGET, type RemoteName } from '../src/remotes';
import type { FederationOptions } from './federation';
import { BROWSER_ENTRY, pageModules, pageModulesRule, pagesMapRule } from './page-modules';
import { FederationRuntimeAsEsm } from './federation-runtime-esm';
import { ASSET_MODULE_FILENAME, swcRule } from './compile';
import { compileEagerly } from './compile-hints';
import { PATH_FREE_IDS, sortedFederationLists } from './reproducible';
import { scopeRemoteCss } from './scope-remote-css';

const require = createRequire(import.meta.url);
type HtmlOptions = ConstructorParameters<typeof rspack.HtmlRspackPlugin>[0];

export interface BrowserBuildOptions {
  /** The app's folder (its rspack config's `import.meta.dirname`). */
  context: string;
  /** The entry module: `./src/index.ts` unless named. */
  entry?: string;
  federation: FederationOptions;
  /** Where the build is served from: `/` for the shell, `auto` (wherever the manifest was loaded from) for a remote. */
  publicPath: string;
  /** Folder of emitted files inside `dist/` (`assets/` for the shell, which shares the site root with pages). */
  filePrefix?: string;
  html: HtmlOptions;
  /** A remote's name: its Tailwind utilities then apply only inside its own root (scope-remote-css). */
  cssScope?: RemoteName;
  plugins?: (RspackPluginInstance | false)[];
  devServer: Configuration['devServer'];
  /**
   * The same sources give the same files wherever they are built (reproducible-build ids and federation lists), so
   * two checkouts of a commit release the same version (decision 0079).
   */
  reproducible?: boolean;
}

/**
 * The browser build every app shares: SWC to BROWSER_TARGET, Tailwind through PostCSS, content-hashed file names
 * (the gateway caches them for a year), Module Federation with its runtime bundled from ES modules (decision 0015),
 * scripts marked for eager compilation in production (decision 0045).
 * `NODE_ENV` picks development (fast refresh, readable names) unless the build runs in production mode.
 */
export function browserBuildConfig(o: BrowserBuildOptions): Configuration {
  const dev = process.env.NODE_ENV !== 'production';
  const prefix = o.filePrefix ?? '';
  const hashed = (ext: string) => `${prefix}[name].[contenthash:10].${ext}`;
  const postcssPlugins = [tailwind(), ...(o.cssScope ? [scopeRemoteCss({ remote: o.cssScope })] : [])];
  return {
    context: o.context,
    target: ['web', BROWSER_TARGET],
    entry: { main: o.entry ?? './src/index.ts' },
    output: {
      path: path.resolve(o.context, 'dist'),
      publicPath: o.publicPath,
      uniqueName: o.federation.name,
      filename: dev ? '[name].js' : hashed('js'),
      chunkFilename: dev ? '[name].js' : hashed('js'),
      cssFilename: hashed('css'),
      cssChunkFilename: hashed('css'),
      assetModuleFilename: ASSET_MODULE_FILENAME,
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: {
      rules: [
        swcRule({ dev }),
        {
          test: /\.css$/,
          use: [
            { loader: require.resolve('postcss-loader'), options: { postcssOptions: { plugins: postcssPlugins } } },
          ],
          type: 'css/auto',
        },
        { test: /\.(png|jpe?g|webp|svg|avif)$/, type: 'asset/resource' },
        pageModulesRule,
        pagesMapRule,
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin(o.html),
      new ModuleFederationPlugin(o.federation),
      new FederationRuntimeAsEsm(),
      ...(o.plugins ?? []),
      !dev && compileEagerly(),
      !dev && o.reproducible && sortedFederationLists(),
      dev && new ReactRefreshRspackPlugin(),
    ],
    ...(!dev && o.reproducible ? { optimization: { ...PATH_FREE_IDS } } : {}),
    devServer: o.devServer,
    // Rspack's dev server compiles `import()`s on first request; a page that runs two entries (a remote's stand-alone
    // page and its container) then asks for proxy chunks neither serves, and the page stays blank.
    lazyCompilation: false,
    devtool: dev ? 'cheap-module-source-map' : false,
  };
}

/** Where each remote's dev server listens (`pnpm dev`); the gateway's dev script points the shell at these. */
export const REMOTE_DEV_PORTS = { marketing: 3001, quoting: 3002, account: 3003 } as const satisfies Record<
  RemoteName,
  number
>;

/**
 * A remote's browser build: its exposed modules (remoteEntry.js, mf-manifest.json) served from any path, plus a
 * stand-alone page (`src/index.ts`, see `mountStandalone`) for working on it without the shell.
 */
export function remoteRspackConfig({
  context,
  remote,
  federation,
}: {
  context: string;
  remote: RemoteName;
  federation: FederationOptions;
}): Configuration {
  const html = `<!doctype html><html lang="en-NZ"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${remote} remote (standalone)</title></head><body><div id="root"></div></body></html>`;
  return browserBuildConfig({
    context,
    federation,
    // The exposed module of each page and the stand-alone page, made from the remote's src/pages.ts (page-modules.ts).
    entry: BROWSER_ENTRY,
    plugins: [pageModules(context, remote, federation.exposes as Record<string, string>)],
    // Chunk URLs resolve against wherever the manifest was loaded from, so a build can live under any path.
    publicPath: 'auto',
    html: { templateContent: html },
    cssScope: remote,
    reproducible: true,
    devServer: {
      port: REMOTE_DEV_PORTS[remote],
      historyApiFallback: true,
      hot: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: process.env.GATEWAY_URL ?? 'http://localhost:8787' }],
    },
  });
}
