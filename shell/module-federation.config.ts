import { createRequire } from 'node:module';
import type { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { federationShared } from '@agency/contracts/remotes';

type Options = ConstructorParameters<typeof ModuleFederationPlugin>[0];
const require = createRequire(import.meta.url);
const versionOf = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;

/**
 * The host declares no remotes at build time: it reads the pointer document at start-up and registers
 * them at run time, so a remote can be deployed or rolled back without rebuilding the shell.
 */
export default {
  name: 'agency_shell',
  remotes: {},
  shareStrategy: 'loaded-first',
  runtimePlugins: [require.resolve('./src/federation/guard-plugin.ts')],
  dts: false,
  // Lists which chunk holds which shared package; bench/bundle-report reads it to attribute bytes.
  manifest: true,
  // The remotes are built with `externalRuntime`: they use this runtime instead of bundling their own.
  experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
  shared: federationShared(versionOf),
} satisfies Options;
