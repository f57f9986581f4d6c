import { BROWSER_TARGET } from '../src/remotes';

/**
 * Where every build puts imported images and files, named by content. One pattern for the browser builds and the
 * server builds: the URLs a server build writes into the HTML must be the files the browser build emitted.
 */
export const ASSET_MODULE_FILENAME = 'assets/[name].[contenthash:10][ext]';

/** How every app compiles TypeScript: SWC down to BROWSER_TARGET, React's automatic runtime (fast refresh in dev). */
export const swcRule = ({ dev = false }: { dev?: boolean } = {}) => ({
  test: /\.tsx?$/,
  loader: 'builtin:swc-loader',
  options: {
    jsc: {
      target: BROWSER_TARGET,
      parser: { syntax: 'typescript' as const, tsx: true },
      transform: { react: { runtime: 'automatic' as const, development: dev, refresh: dev } },
    },
  },
  type: 'javascript/auto' as const,
});
