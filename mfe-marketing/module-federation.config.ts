import { createRequire } from 'node:module';
import type { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { remoteScope, SHARED_LIBRARIES, SHARED_SINGLETONS } from '@agency/contracts/remotes';

type Options = ConstructorParameters<typeof ModuleFederationPlugin>[0];
const require = createRequire(import.meta.url);
const range = (pkg: string) => `^${(require(`${pkg.replace(/\/$/, '')}/package.json`) as { version: string }).version}`;

/** Exposed module names match `module` in the contracts route table (the shell loads them by that name). */
export default {
  name: remoteScope('marketing'),
  filename: 'remoteEntry.js',
  exposes: {
    './home-page': './src/pages/home/home-page.tsx',
  },
  manifest: true,
  dts: false,
  shared: Object.fromEntries([
    ...SHARED_SINGLETONS.map((pkg) => [pkg, { singleton: true, requiredVersion: range(pkg) }]),
    ...SHARED_LIBRARIES.map((pkg) => [pkg, { requiredVersion: range(pkg) }]),
  ]),
} satisfies Options;
