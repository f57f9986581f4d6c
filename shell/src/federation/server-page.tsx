import { createContext, useContext, type ComponentType } from 'react';
import type { RemoteName } from '@agency/contracts';
import type { RemotePageProps } from '@agency/contracts/client';

export interface ServerPage {
  remote: RemoteName;
  module: string;
  component: ComponentType<RemotePageProps>;
}

/**
 * On the server (server.tsx) the request's remote page, already loaded from the remote's server build, so it
 * renders at once inside the same boundaries as in the browser; in the browser there is no provider.
 */
export const ServerPageContext = createContext<ServerPage | null>(null);

export function useServerPage(remote: RemoteName, module: string): ComponentType<RemotePageProps> | null {
  const page = useContext(ServerPageContext);
  return page && page.remote === remote && page.module === module ? page.component : null;
}
