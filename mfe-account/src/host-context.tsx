import { createContext, useContext, type ReactNode } from 'react';
import type { HostApi } from '@agency/contracts';

const HostContext = createContext<HostApi | null>(null);

/** Every exposed page wraps its tree in this, so any component below can reach the shell's services. */
export function HostProvider({ host, children }: { host: HostApi; children: ReactNode }) {
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}

export function useHost(): HostApi {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost must be used inside a HostProvider');
  return host;
}
