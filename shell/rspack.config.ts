import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { BROWSER_TARGET } from '@agency/contracts/remotes';
import { ASSET_MODULE_FILENAME, FederationRuntimeAsEsm, swcRule } from '@agency/contracts/rspack';
import federation from './module-federation.config';
import { PreloadStartupChunks } from './build/preload-startup-chunks';

const require = createRequire(import.meta.url);
const dev = process.env.NODE_ENV !== 'production';
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8787';

export default defineConfig({
  context: import.meta.dirname,
  target: ['web', BROWSER_TARGET],
  entry: { main: './src/index.ts' },
  output: {
    path: path.resolve(import.meta.dirname, 'dist'),
    // The shell is served from the site root; hashed names let the gateway cache them forever.
    publicPath: '/',
    uniqueName: 'agency_shell',
    filename: dev ? '[name].js' : 'assets/[name].[contenthash:10].js',
    chunkFilename: dev ? '[name].js' : 'assets/[name].[contenthash:10].js',
    cssFilename: 'assets/[name].[contenthash:10].css',
    cssChunkFilename: 'assets/[name].[contenthash:10].css',
    assetModuleFilename: ASSET_MODULE_FILENAME,
    clean: true,
  },
  resolve: { extensions: ['.ts', '.tsx', '.js'] },
  module: {
    rules: [
      swcRule({ dev }),
      { test: /\.css$/, use: [require.resolve('postcss-loader')], type: 'css/auto' },
      { test: /\.(png|jpe?g|webp|svg|avif)$/, type: 'asset/resource' },
    ],
  },
  plugins: [
    new rspack.HtmlRspackPlugin({ template: './index.html', minify: false, favicon: './public/favicon.svg' }),
    new ModuleFederationPlugin(federation),
    new FederationRuntimeAsEsm(),
    !dev && new PreloadStartupChunks(),
    dev && new ReactRefreshRspackPlugin(),
  ],
  devServer: {
    port: 3000,
    historyApiFallback: true,
    hot: true,
    proxy: [{ context: ['/api', '/mfe', '/healthz', '/readyz'], target: gateway, changeOrigin: false }],
  },
  devtool: dev ? 'cheap-module-source-map' : false,
});
