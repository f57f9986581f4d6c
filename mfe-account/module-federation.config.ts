import { createRequire } from 'node:module';
import type { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { federationShared, REMOTE_FEDERATION_EXPERIMENTS, remoteScope } from '@agency/contracts/remotes';
import { routes } from '@agency/contracts/routes';

type Options = ConstructorParameters<typeof ModuleFederationPlugin>[0];
const require = createRequire(import.meta.url);
const versionOf = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;

/** Every route the contracts table gives to this remote is exposed under its `module` name (the shell loads pages by it). */
const pages = [...new Set(routes.filter((r) => r.owner === 'account').map((r) => r.module))].map((m) => [
  `./${m}`,
  `./src/exposed/${m}.tsx`,
]);

export default {
  name: remoteScope('account'),
  filename: 'remoteEntry.js',
  exposes: Object.fromEntries(pages),
  manifest: true,
  experiments: REMOTE_FEDERATION_EXPERIMENTS,
  dts: false,
  shared: federationShared(versionOf),
} satisfies Options;
