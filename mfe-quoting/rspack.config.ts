import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { BROWSER_TARGET } from '@agency/contracts/remotes';
import { ASSET_MODULE_FILENAME, FederationRuntimeAsEsm, swcRule } from '@agency/contracts/rspack';
import federation from './module-federation.config';

const require = createRequire(import.meta.url);
const dev = process.env.NODE_ENV !== 'production';

export default defineConfig({
  context: import.meta.dirname,
  target: ['web', BROWSER_TARGET],
  // The standalone dev page; the shell only ever loads remoteEntry.js / mf-manifest.json.
  entry: { main: './src/index.ts' },
  output: {
    path: path.resolve(import.meta.dirname, 'dist'),
    // Chunk URLs resolve against wherever the manifest was loaded from, so a build can live under any path.
    publicPath: 'auto',
    uniqueName: federation.name,
    filename: dev ? '[name].js' : '[name].[contenthash:10].js',
    chunkFilename: dev ? '[name].js' : '[name].[contenthash:10].js',
    cssFilename: '[name].[contenthash:10].css',
    cssChunkFilename: '[name].[contenthash:10].css',
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
    new rspack.HtmlRspackPlugin({ template: './index.html' }),
    new ModuleFederationPlugin(federation),
    new FederationRuntimeAsEsm(),
    dev && new ReactRefreshRspackPlugin(),
  ],
  devServer: {
    port: 3002,
    historyApiFallback: true,
    hot: true,
    headers: { 'Access-Control-Allow-Origin': '*' },
    proxy: [{ context: ['/api'], target: process.env.GATEWAY_URL ?? 'http://localhost:8787' }],
  },
  devtool: dev ? 'cheap-module-source-map' : false,
});
