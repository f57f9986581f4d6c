import path from 'node:path';
import { REMOTE_NAMES, RemoteNameSchema } from '@agency/contracts';
import { gatewayRoot } from '../db/paths';
import { loadEnv } from '../env';
import { createRemoteStore } from '../frontends/remote-store';

/**
 * Operator commands for the remote store. A running gateway picks up every change on the next request:
 *   remotes publish <name> <distDir>   copy a build in under its content version and make it live
 *   remotes publish-all                publish ../mfe-<name>/dist for every remote (after `pnpm build`)
 *   remotes rollback <name>            make the previously live version current again
 *   remotes status | prune
 */
const usage = 'usage: remotes publish <name> <distDir> | publish-all | rollback <name> | status | prune';

async function main(args: string[]): Promise<void> {
  const store = createRemoteStore(loadEnv(process.env).remotesDir);
  const [command, name, dist] = args;
  const remote = () => {
    const parsed = RemoteNameSchema.safeParse(name);
    if (!parsed.success) throw new Error(`remote name must be one of ${REMOTE_NAMES.join(', ')}\n${usage}`);
    return parsed.data;
  };

  switch (command) {
    case 'publish': {
      if (!dist) throw new Error(usage);
      const r = remote();
      const { version, changed } = await store.publish(r, path.resolve(dist));
      console.log(changed ? `${r}: live version is now ${version}` : `${r}: ${version} is already live`);
      return;
    }
    case 'publish-all':
      for (const r of REMOTE_NAMES) {
        const { version, changed } = await store.publish(r, path.resolve(gatewayRoot, `../mfe-${r}/dist`));
        console.log(`${r}: ${version}${changed ? ' (now live)' : ' (unchanged)'}`);
      }
      return;
    case 'rollback': {
      const r = remote();
      const { from, to } = await store.rollback(r);
      console.log(`${r}: rolled back from ${from} to ${to}`);
      return;
    }
    case 'status':
      console.log(JSON.stringify(await store.status(), null, 2));
      return;
    case 'prune':
      console.log((await store.prune()).join('\n') || 'nothing to prune');
      return;
    default:
      throw new Error(usage);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
