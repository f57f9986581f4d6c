import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';

const repo = path.resolve(import.meta.dirname, '../..');
const shell = path.join(repo, 'shell');
const require = createRequire(import.meta.url);

export const SINGLE_BUNDLE_DIR = path.join(import.meta.dirname, 'dist');

/**
 * The shell built with the remotes' exposed modules imported directly (no Module Federation): the same entry,
 * loaders and production settings as shell/rspack.config.ts, with only federation/remotes.ts swapped out.
 * The gateway serves it unchanged through SHELL_DIR.
 */
const config: Configuration = {
  mode: 'production',
  context: shell,
  entry: { main: './src/index.ts' },
  output: {
    path: SINGLE_BUNDLE_DIR,
    publicPath: '/',
    filename: 'assets/[name].[contenthash:10].js',
    chunkFilename: 'assets/[name].[contenthash:10].js',
    cssFilename: 'assets/[name].[contenthash:10].css',
    cssChunkFilename: 'assets/[name].[contenthash:10].css',
    assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
    clean: true,
  },
  resolve: { extensions: ['.ts', '.tsx', '.js'] },
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        loader: 'builtin:swc-loader',
        options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
        type: 'javascript/auto',
      },
      // Each app's stylesheet goes through its own postcss.config (found next to the file), as in its own build.
      { test: /\.css$/, use: [require.resolve('postcss-loader')], type: 'css/auto' },
      { test: /\.(png|jpe?g|webp|svg|avif)$/, type: 'asset/resource' },
    ],
  },
  plugins: [
    // Every shell import of federation/remotes ('./federation/remotes', './remotes'); contracts has its own remotes.ts.
    new rspack.NormalModuleReplacementPlugin(/^\.\/(?:federation\/)?remotes$/, (resource) => {
      if (resource.context.startsWith(path.join(shell, 'src'))) resource.request = path.join(import.meta.dirname, 'remotes.ts');
    }),
    new rspack.HtmlRspackPlugin({ template: path.join(shell, 'index.html'), minify: false, favicon: path.join(shell, 'public/favicon.svg') }),
  ],
  devtool: false,
};

export function buildSingleBundle(): Promise<void> {
  return new Promise((resolve, reject) => {
    rspack(config).run((error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}
