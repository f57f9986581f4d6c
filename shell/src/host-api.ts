import { createSessionStore, readPublicConfig, REMOTE_NAMES, type HostApi, type RemoteName } from '@agency/contracts';
import { toast } from './features/toasts/toast-store';
import { track } from './features/tracking/track';
import { loadRemoteModule } from './federation/remotes';

const isRemoteName = (name: string): name is RemoteName => (REMOTE_NAMES as readonly string[]).includes(name);

/** The services the shell lends to every remote page (see contracts/src/host.ts). */
export const hostApi: HostApi = {
  config: readPublicConfig(document),
  toast,
  track,
  session: createSessionStore(),
  loadRemote: <T,>(id: string) => {
    const [name = '', ...rest] = id.split('/');
    if (!isRemoteName(name) || rest.length === 0) return Promise.reject(new Error(`Unknown remote module ${id}`));
    return loadRemoteModule<T>(name, rest.join('/'));
  },
};
