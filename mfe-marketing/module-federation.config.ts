import { createRequire } from 'node:module';
import type { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { federationShared, REMOTE_FEDERATION_EXPERIMENTS, remoteScope } from '@agency/contracts/remotes';
import { routes } from '@agency/contracts/routes';

type Options = ConstructorParameters<typeof ModuleFederationPlugin>[0];
const require = createRequire(import.meta.url);
const versionOf = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;

/** Every route the contracts route table gives to this remote is exposed under its `module` name. */
const pages = routes
  .filter((r) => r.owner === 'marketing')
  .map((r) => [`./${r.module}`, `./src/exposed/${r.module}.tsx`]);

export default {
  name: remoteScope('marketing'),
  filename: 'remoteEntry.js',
  exposes: Object.fromEntries(pages),
  manifest: true,
  experiments: REMOTE_FEDERATION_EXPERIMENTS,
  dts: false,
  shared: federationShared(versionOf),
} satisfies Options;
